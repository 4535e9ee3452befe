import { useLingui } from '@lingui/react/macro';
import { Badge, type BadgeTone } from '../../../ui/index.ts';
import { FIX_STATUS_LABELS, type FixStatus } from '../labels.ts';

const TONES: Record<FixStatus, BadgeTone> = {
  pending: 'warning',
  processing: 'info',
  completed: 'success',
  rejected: 'danger',
};

export function FixStatusBadge({ status }: { status: FixStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={TONES[status] ?? 'neutral'}>
      {i18n._(FIX_STATUS_LABELS[status] ?? FIX_STATUS_LABELS.pending)}
    </Badge>
  );
}
