// Rename from a card (spec 1 §2): trimmed, non-empty; an unchanged name closes without a write.
import { type FormEvent, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Dialog, TextField } from '../../../ui/index.ts';
import { useRenameProject } from '../hooks/use-project-actions.ts';
import type { Project } from '../project-types.ts';
import * as s from './dialogs.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

export const NAME_MAX = 120;

export function RenameProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState(shownProjectName(project.name));
  const [empty, setEmpty] = useState(false);
  const rename = useRenameProject();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    if (!next) {
      setEmpty(true);
      return;
    }
    if (next === project.name || next === shownProjectName(project.name)) {
      onClose();
      return;
    }
    // the card shows the new name at once; a failure puts it back and says so
    rename.mutate({ projectId: project.id, name: next });
    onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Rename project`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="rename-project">
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <form id="rename-project" className={s.body} onSubmit={submit}>
        <TextField
          label={t`Project name`}
          value={name}
          maxLength={NAME_MAX}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            setName(e.target.value);
            setEmpty(false);
          }}
          error={empty ? t`Project name cannot be empty` : undefined}
        />
      </form>
    </Dialog>
  );
}
