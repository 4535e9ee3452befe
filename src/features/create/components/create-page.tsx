import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Icon } from '../../../ui/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSubscription } from '../../subscription/index.ts';
import { FlatLayArt, MannequinArt } from './create-art.tsx';
import { GuidelinesDialog } from './guidelines-dialog.tsx';
import { TipsDialog } from './tips-dialog.tsx';
import * as s from './create.css.ts';

type Shoot = 'onmodel' | 'flatlay' | 'mannequin';

/** /create (spec 2 §2, issue 36): on-model, flat-lay and mannequin after the content guidelines,
 *  video from a finished project; tips and the guidelines link. `drafts` is the wizard's offer to
 *  resume its drafts (the route puts it here: the wizard shows create's tips, so create does not
 *  import the wizard). */
export function CreatePage({
  shared,
  drafts,
}: {
  shared?: { id: string; photos: number };
  drafts?: ReactNode;
}) {
  const { t } = useLingui();
  usePageTitle(t`Create`);
  const navigate = useNavigate();
  const [guidelinesFor, setGuidelinesFor] = useState<Shoot | null>(null);
  const [tips, setTips] = useState(false);

  return (
    <div className={s.page}>
      <header className={s.head}>
        <div>
          <h1 className={s.title}>
            <Trans>Create</Trans>
          </h1>
          <p className={s.lead}>
            <Trans>Turn one product photo into images ready for your shop.</Trans>
          </p>
        </div>
        <div className={s.headActions}>
          <Button variant="secondary" onClick={() => setTips(true)}>
            <Icon name="info" size={18} />
            <Trans>Tips</Trans>
          </Button>
          <Link to="/content-guidelines" className={s.link}>
            <Trans>Content guidelines</Trans>
          </Link>
        </div>
      </header>

      {shared && <SharedNotice shareId={shared.id} photos={shared.photos} />}

      {drafts}

      <div className={s.grid}>
        <button type="button" className={s.card} onClick={() => setGuidelinesFor('onmodel')}>
          <span className={s.art}>
            <img className={s.artImage} src="/catalogue/models/zoe/01.w480.webp" alt="" />
          </span>
          <span className={s.body}>
            <span className={s.cardTitle}>
              <Trans>On-Model</Trans>
              <Icon name="arrowRight" size={18} />
            </span>
            <span className={s.cardText}>
              <Trans>Your garment worn by a model, in the pose and setting you choose.</Trans>
            </span>
          </span>
          <span className={s.badges}>
            <Badge tone="info">
              <Trans>Beta</Trans>
            </Badge>
          </span>
        </button>

        <button type="button" className={s.card} onClick={() => setGuidelinesFor('flatlay')}>
          <span className={s.art}>
            <FlatLayArt />
          </span>
          <span className={s.body}>
            <span className={s.cardTitle}>
              <Trans>Flat-Lay</Trans>
              <Icon name="arrowRight" size={18} />
            </span>
            <span className={s.cardText}>
              <Trans>A flat-lay photo turned into a styled product image.</Trans>
            </span>
          </span>
          <span className={s.badges}>
            <Badge tone="accent">
              <Trans>Highest quality</Trans>
            </Badge>
          </span>
        </button>

        <button type="button" className={s.card} onClick={() => setGuidelinesFor('mannequin')}>
          <span className={s.art}>
            <MannequinArt />
          </span>
          <span className={s.body}>
            <span className={s.cardTitle}>
              <Trans>Mannequin</Trans>
              <Icon name="arrowRight" size={18} />
            </span>
            <span className={s.cardText}>
              <Trans>
                Your garment photographed on a mannequin or dress form, worn by the model you choose.
              </Trans>
            </span>
          </span>
          <span className={s.badges}>
            <Badge tone="info">
              <Trans>Beta</Trans>
            </Badge>
          </span>
        </button>

        <Link to="/video/select-project" className={s.card}>
          <span className={s.art}>
            <img className={s.artImage} src="/catalogue/video-styles/runway-walk.w480.webp" alt="" />
          </span>
          <span className={s.body}>
            <span className={s.cardTitle}>
              <Trans>Create Video</Trans>
              <Icon name="arrowRight" size={18} />
            </span>
            <span className={s.cardText}>
              <Trans>A short video from one of your finished projects.</Trans>
            </span>
          </span>
          <span className={s.badges}>
            <Badge tone="info">
              <Trans>Beta</Trans>
            </Badge>
          </span>
        </Link>
      </div>

      <GuidelinesDialog
        open={guidelinesFor !== null}
        onClose={() => setGuidelinesFor(null)}
        onContinue={() => {
          const target = guidelinesFor;
          setGuidelinesFor(null);
          // a shared photo goes with the seller into the shoot they chose
          const search = shared?.photos ? { shared: shared.id } : {};
          if (target === 'onmodel')
            void navigate({ to: '/onmodel/$step', params: { step: 'upload' }, search });
          if (target === 'flatlay')
            void navigate({ to: '/flatlay/$step', params: { step: 'upload' }, search });
          if (target === 'mannequin')
            void navigate({ to: '/mannequin/$step', params: { step: 'upload' }, search });
        }}
      />
      <TipsDialog open={tips} onClose={() => setTips(false)} />
    </div>
  );
}

/** What came from the phone's share sheet, and what happens to it: several photos go to the
 *  Batch Processor where the plan has it (Advanced), else the first one starts a shoot. */
function SharedNotice({ shareId, photos }: { shareId: string; photos: number }) {
  const plan = useSubscription().data?.plan;
  if (photos === 0) {
    return (
      <Alert tone="warning">
        <Trans>Nothing you shared is a photo Drape can use. Share a JPG, PNG, WebP or HEIC photo.</Trans>
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      {photos === 1 ? (
        <Trans>
          Your shared photo is ready. Choose On-Model, Flat-Lay or Mannequin to start a shoot with it.
        </Trans>
      ) : plan === 'advanced' ? (
        <>
          <Trans>
            You shared {photos} photos. Put them all through the Batch Processor, or choose On-Model, Flat-Lay
            or Mannequin to start a shoot with the first one.
          </Trans>{' '}
          <Link to="/tools/batch" search={{ shared: shareId }} className={s.link}>
            <Trans>Open the Batch Processor</Trans>
          </Link>
        </>
      ) : (
        <Trans>
          You shared {photos} photos. A shoot takes one photo, so the first one is used. Choose On-Model,
          Flat-Lay or Mannequin to start.
        </Trans>
      )}
    </Alert>
  );
}
