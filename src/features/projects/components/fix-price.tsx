// What the fix dialog says before sending (issue 21): whether this fix is free — n of m free
// fixes left for this project — or costs 1 credit, and what the balance will be after it.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '../../../ui/index.ts';
import type { FixEligibility } from '../api.ts';

export function FixPrice({ eligibility: e }: { eligibility: FixEligibility }) {
  const { t } = useLingui();
  const n = e.free_fixes_remaining;
  const m = e.free_fixes_per_project;
  if (!e.will_use_credits) {
    const balance = e.credits_remaining;
    return (
      <Alert tone="success">
        {t({
          message: plural(m, {
            one: `This fix is free: ${n} of # free fix left for this project.`,
            other: `This fix is free: ${n} of # free fixes left for this project.`,
          }),
        })}{' '}
        {t({
          message: plural(balance, {
            one: 'Your balance stays at # credit.',
            other: 'Your balance stays at # credits.',
          }),
        })}
      </Alert>
    );
  }
  const after = Math.max(Math.round((e.credits_remaining - e.fix_cost) * 100) / 100, 0);
  return (
    <Alert tone="info">
      {m === 0
        ? t`This fix costs 1 credit: your plan includes no free fixes.`
        : t({
            message: plural(m, {
              one: 'This fix costs 1 credit: the # free fix for this project is used.',
              other: 'This fix costs 1 credit: the # free fixes for this project are used.',
            }),
          })}{' '}
      {t({
        message: plural(after, {
          one: 'Your balance will be # credit.',
          other: 'Your balance will be # credits.',
        }),
      })}
    </Alert>
  );
}
