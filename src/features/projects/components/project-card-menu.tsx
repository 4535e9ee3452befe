// The card menu (spec 2 §2): download, rename, fix and archive. Actions a project cannot take
// yet stay listed, disabled, with the reason as their tooltip.
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Dropdown, menuItemClass } from '../../../ui/index.ts';
import { completedImages, type Project } from '../project-types.ts';
import type { ProjectAction } from './project-actions.ts';
import { ProjectIcon } from './project-icon.tsx';
import * as s from './project-card.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

export function ProjectCardMenu({
  project,
  onAction,
}: {
  project: Project;
  onAction: (action: ProjectAction) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const completed = project.status === 'completed';
  const downloadable = completedImages(project).length > 0;
  const choose = (action: ProjectAction) => {
    setOpen(false);
    onAction(action);
  };
  const notYet = t`Available once the project is completed`;
  const item = (
    action: ProjectAction,
    icon: Parameters<typeof ProjectIcon>[0]['name'],
    label: string,
    enabled: boolean,
  ) => (
    <button
      type="button"
      role="menuitem"
      className={menuItemClass}
      aria-disabled={enabled ? undefined : true}
      title={enabled ? undefined : notYet}
      onClick={() => enabled && choose(action)}
    >
      <ProjectIcon name={icon} />
      {label}
    </button>
  );
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      label={t`Actions for ${shownProjectName(project.name)}`}
      trigger={(props) => (
        <button
          type="button"
          {...props}
          className={s.iconButton}
          aria-label={t`More actions for ${shownProjectName(project.name)}`}
        >
          <ProjectIcon name="more" size={20} />
        </button>
      )}
    >
      {item('download', 'download', t`Download`, downloadable)}
      {item('rename', 'pencil', t`Rename`, true)}
      {item('fix', 'flag', t`Report an Issue`, completed)}
      {item('archive', 'archive', t`Archive`, completed)}
    </Dropdown>
  );
}
