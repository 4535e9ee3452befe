// The detail screen's name, editable in place (spec 2 §2): click it, then Enter or leaving the
// field saves; Escape cancels. Trimmed, non-empty; an unchanged name is not saved. A failure
// puts the old name back and says 'Failed to update project name' (spec 2 §8).
import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRenameProject } from '../hooks/use-project-actions.ts';
import { MESSAGES } from '../labels.ts';
import { ProjectIcon } from './project-icon.tsx';
import { NAME_MAX } from './rename-project-dialog.tsx';
import * as s from './project-detail.css.ts';

export function ProjectNameEditor({ projectId, name }: { projectId: string; name: string }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameProject(MESSAGES.renameFailedInline);
  const cancelled = useRef(false);

  const finish = () => {
    if (draft === null) return;
    const next = draft.trim();
    setDraft(null);
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    if (next && next !== name) rename.mutate({ projectId, name: next });
  };

  if (draft !== null) {
    return (
      <input
        className={s.nameInput}
        value={draft}
        maxLength={NAME_MAX}
        aria-label={t`Project name`}
        // biome-ignore lint/a11y/noAutofocus: the seller just asked to edit this name
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={finish}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
          if (e.key === 'Escape') {
            cancelled.current = true;
            e.currentTarget.blur();
          }
        }}
      />
    );
  }
  return (
    <h1 className={s.nameHeading}>
      <button
        type="button"
        className={s.nameButton}
        onClick={() => setDraft(name)}
        title={t`Rename`}
        aria-label={t`${name}, rename`}
      >
        <span className={s.nameText}>{name}</span>
        <ProjectIcon name="pencil" size={18} className={s.nameIcon} />
      </button>
    </h1>
  );
}
