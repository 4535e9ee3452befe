// The server stores notification texts in English with the values they were made from
// (data.projectName, data.credits). Known types are shown in the user's language from
// those values; anything else shows the stored text.
import { msg, plural } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { normalisePlan, planName } from '../subscription/index.ts';
import type { AppNotification } from './api.ts';
import { shownProjectName } from '../../lib/default-names.ts';

export function notificationText(n: AppNotification, i18n: I18n): { title: string; message: string } {
  const stored = n.data?.projectName;
  const name = stored == null ? stored : shownProjectName(stored, i18n.locale);
  const credits = n.data?.credits;
  switch (n.type) {
    case 'project_created':
      if (name == null) break;
      return {
        title: i18n._(msg`Project created`),
        message: i18n._(msg`Your project "${name}" is being generated. This usually takes 1-2 minutes.`),
      };
    case 'project_completed':
      if (name == null) break;
      return {
        title: i18n._(msg`Project completed`),
        message: i18n._(msg`Your project "${name}" is ready.`),
      };
    case 'project_failed':
      if (name == null) break;
      return {
        title: i18n._(msg`Generation failed`),
        message: i18n._(msg`Project "${name}" generation failed. Please try again.`),
      };
    case 'project_rejected':
      if (name == null) break;
      return {
        title: i18n._(msg`Project rejected`),
        message: i18n._(
          msg`Project "${name}" was rejected due to content guideline violation. Your credits have been refunded.`,
        ),
      };
    case 'credits_low': {
      if (credits == null) break;
      const n = Number(credits);
      return {
        title: i18n._(msg`Low Credits`),
        message: i18n._(
          msg({
            message: plural(n, {
              one: 'You have only # credit left. Purchase more to continue.',
              other: 'You have only # credits left. Purchase more to continue.',
            }),
          }),
        ),
      };
    }
    case 'purchase_failed': {
      // a delayed payment (a bank debit) Stripe could not collect
      if (n.data?.kind === 'plan' && n.data.plan) {
        const plan = planName(normalisePlan(n.data.plan));
        return {
          title: i18n._(msg`Payment failed`),
          message: i18n._(
            msg`Your payment for the ${plan} plan did not go through. Your plan has not changed.`,
          ),
        };
      }
      if (n.data?.kind !== 'credits' || credits == null) break;
      const count = i18n.number(Number(credits), { maximumFractionDigits: 2 });
      return {
        title: i18n._(msg`Payment failed`),
        message: i18n._(msg`Your payment for ${count} credits did not go through. No credits were added.`),
      };
    }
    case 'credits_empty':
      return {
        title: i18n._(msg`Out of Credits`),
        message: i18n._(msg`You have run out of credits. Purchase more to continue.`),
      };
    case 'video_completed':
      if (name == null) break;
      return {
        title: i18n._(msg`Video ready`),
        message: i18n._(msg`The video of "${name}" is ready.`),
      };
    case 'video_failed':
      if (name == null) break;
      return {
        title: i18n._(msg`Video failed`),
        message: i18n._(msg`The video of "${name}" could not be made. Your credits have been refunded.`),
      };
    case 'fix_processing':
      if (name == null) break;
      return {
        title: i18n._(msg`Fix in progress`),
        message: i18n._(msg`Our team is working on your fix for "${name}".`),
      };
    case 'fix_completed':
      if (name == null) break;
      return {
        title: i18n._(msg`Fix completed`),
        message: i18n._(msg`Your fix for "${name}" is ready.`),
      };
    case 'fix_rejected':
      if (name == null) break;
      return {
        title: i18n._(msg`Fix rejected`),
        message: i18n._(msg`Your fix request for "${name}" was rejected.`),
      };
    case 'payment_received': {
      if (credits == null) break;
      const n = Number(credits);
      return {
        title: i18n._(msg`Payment received`),
        message: i18n._(
          msg({
            message: plural(n, {
              one: 'Your payment was received: # credit was added to your balance.',
              other: 'Your payment was received: # credits were added to your balance.',
            }),
          }),
        ),
      };
    }
    case 'credits_added': {
      if (credits == null) break;
      const n = Number(credits);
      return {
        title: i18n._(msg`Credits added`),
        message: i18n._(
          msg({
            message: plural(n, {
              one: '# credit of your plan was added to your balance.',
              other: '# credits of your plan were added to your balance.',
            }),
          }),
        ),
      };
    }
    case 'credits_granted':
    case 'credits_removed': {
      // credits an operator gave or took, with the reason they gave
      if (credits == null) break;
      const count = Number(credits);
      const note = n.data?.note ?? '';
      return n.type === 'credits_granted'
        ? {
            title: i18n._(msg`Credits added`),
            message: i18n._(
              msg`${plural(count, { one: '# credit was added to your balance:', other: '# credits were added to your balance:' })} ${note}`,
            ),
          }
        : {
            title: i18n._(msg`Credits removed`),
            message: i18n._(
              msg`${plural(count, { one: '# credit was removed from your balance:', other: '# credits were removed from your balance:' })} ${note}`,
            ),
          };
    }
    case 'credits_refunded': {
      if (credits == null) break;
      const n = Number(credits);
      return {
        title: i18n._(msg`Credits refunded`),
        message:
          name == null
            ? i18n._(
                msg({
                  message: plural(n, {
                    one: '# credit was refunded to your balance.',
                    other: '# credits were refunded to your balance.',
                  }),
                }),
              )
            : i18n._(
                msg({
                  message: plural(n, {
                    one: `# credit for "${name}" was refunded to your balance.`,
                    other: `# credits for "${name}" were refunded to your balance.`,
                  }),
                }),
              ),
      };
    }
    case 'plan_changed': {
      const plan = n.data?.plan;
      if (plan == null) break;
      const title = plan === 'free' ? i18n._(msg`Free`) : `${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
      return {
        title: i18n._(msg`Plan changed`),
        message: i18n._(msg`Your plan is now ${title}.`),
      };
    }
  }
  return { title: n.title, message: n.message };
}
