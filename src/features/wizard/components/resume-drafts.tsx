import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, buttonClass } from '../../../ui/index.ts';
import { useUser } from '../../auth/index.ts';
import { storedGender } from '../local-choices.ts';
import { emptyDraft, type Draft } from '../model/draft.ts';
import { FLOWS } from '../model/steps.ts';
import { stepLink } from '../navigation.ts';
import { FLOW_TITLES, STEP_TITLES } from '../step-titles.ts';
import { msg } from '@lingui/core/macro';
import type { Flow } from '../model/steps.ts';

const WAITING: Record<Flow, ReturnType<typeof msg>> = {
  'on-model': msg`Your on-model shoot is waiting`,
  'flat-lay': msg`Your flat-lay shoot is waiting`,
  mannequin: msg`Your mannequin shoot is waiting`,
};
import { draftStore } from '../store/draft-store.ts';
import { uploadManager } from '../store/upload-manager.ts';
import * as s from './resume-drafts.css.ts';

/** A shoot left with a photo (closed tab, killed app, lost connection) is offered back on
 *  /create: continue where it was, or discard it (its stored photo is removed). */
export function ResumeDrafts() {
  const { i18n } = useLingui();
  const user = useUser();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void Promise.all(FLOWS.map((f) => draftStore.load(user.id, f, () => emptyDraft(f, storedGender())))).then(
      (all) => {
        if (!cancelled) setDrafts(all.filter((d) => d.photos.length > 0));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [user.id]);

  const discard = async (draft: Draft) => {
    setBusy(draft.flow);
    try {
      for (const p of draft.photos) {
        uploadManager.cancel(p.id);
        if (p.upload.state === 'uploaded' && p.upload.path)
          await uploadManager.discard(user.id, p.upload.path);
      }
      await draftStore.clear(user.id, draft.flow);
      setDrafts((all) => all.filter((d) => d.flow !== draft.flow));
    } finally {
      setBusy(null);
    }
  };

  return drafts.map((draft) => {
    const flow = i18n._(FLOW_TITLES[draft.flow]);
    const step = i18n._(STEP_TITLES[draft.step]);
    return (
      <section key={draft.flow} className={s.resume} aria-label={flow}>
        <div className={s.resumeText}>
          <strong>{i18n._(WAITING[draft.flow])}</strong>
          <span className={s.text}>
            <Trans>Saved on this device, photo included. You stopped at: {step}.</Trans>
          </span>
        </div>
        <div className={s.resumeActions}>
          <Button variant="ghost" onClick={() => void discard(draft)} loading={busy === draft.flow}>
            <Trans>Discard</Trans>
          </Button>
          <Link {...stepLink(draft.flow, draft.step)} className={buttonClass()}>
            <Trans>Continue</Trans>
          </Link>
        </div>
      </section>
    );
  });
}
