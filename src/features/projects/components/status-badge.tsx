import { useLingui } from '@lingui/react/macro';
import { Badge, type BadgeTone } from '../../../ui/index.ts';
import { STATUS_LABELS } from '../labels.ts';
import type { ProjectStatus } from '../project-types.ts';

const TONES: Record<ProjectStatus, BadgeTone> = {
  draft: 'neutral',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
  rejected: 'danger',
  archived: 'neutral',
};

export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={TONES[status] ?? 'neutral'}>{i18n._(STATUS_LABELS[status] ?? STATUS_LABELS.draft)}</Badge>
  );
}
