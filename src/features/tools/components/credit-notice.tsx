import type { MessageDescriptor } from '@lingui/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/** The tool's own insufficient-credits words, the balance, and a way to buy more (spec 2 §8). */
export function CreditNotice({
  message,
  remaining,
}: {
  message: MessageDescriptor;
  remaining: number | undefined;
}) {
  const { i18n } = useLingui();
  const balance = formatNumber(remaining ?? 0, currentLocale());
  return (
    <Alert tone="warning">
      <p>{i18n._(message)}</p>
      <p>
        <Trans>Available credits: {balance}</Trans> ·{' '}
        <Link to="/pricing">
          <Trans>Purchase credits</Trans>
        </Link>
      </p>
    </Alert>
  );
}
