// The pricing page's 14 questions (spec 2 §2), in English and Greek. The answers state the
// product's rules as the server applies them.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface FaqEntry {
  question: MessageDescriptor;
  answer: MessageDescriptor;
}

export const FAQ: FaqEntry[] = [
  {
    question: msg`What is a credit?`,
    answer: msg`Credits pay for what you create. One generated image costs 1 credit, a video 3 credits, the photo combiner 0.15 and the background remover 0.40.`,
  },
  {
    question: msg`Do unused credits roll over?`,
    answer: msg`Yes. Unused monthly credits roll over to the next month, up to two months' worth of your plan. Credits from extra packs never expire.`,
  },
  {
    question: msg`What do I get on the free plan?`,
    answer: msg`New accounts start with 2 free credits to try Drape. Images made on the free plan carry a watermark and cannot be downloaded without it.`,
  },
  {
    question: msg`Can I change my plan later?`,
    answer: msg`You can upgrade at any time: the new plan and its credits start right away. Downgrades are available in the last 7 days of your billing period and take effect at the next billing cycle.`,
  },
  {
    question: msg`What happens to my credits when I downgrade?`,
    answer: msg`You keep your plan and all your credits until the end of the current period. From the next billing cycle you pay the lower price and receive the lower plan's monthly credits. There is no partial refund.`,
  },
  {
    question: msg`How do I cancel?`,
    answer: msg`Cancel in Settings, under Billing. You keep your plan and credits until the end of the billing period; then your account moves to the free plan.`,
  },
  {
    question: msg`Can I buy extra credits?`,
    answer: msg`Yes, on the Lite, Pro and Advanced plans, in packs of 25 to 475 credits. Larger packs are cheaper per credit: 5% off from 100 credits, 10% from 200 and 20% from 400.`,
  },
  {
    question: msg`How much does an extra credit cost?`,
    answer: msg`€2.00 on Lite, €1.75 on Pro and €1.50 on Advanced, before the volume discount. The price is shown before you pay.`,
  },
  {
    question: msg`I need 500 credits or more. What can I do?`,
    answer: msg`Contact our sales team with the form on this page. We prepare an Enterprise offer for your volume.`,
  },
  {
    question: msg`How do I pay?`,
    answer: msg`By card, through Stripe's secure checkout. Drape never sees or stores your card details.`,
  },
  {
    question: msg`Where are my invoices?`,
    answer: msg`Every payment has an invoice. Open Settings, then Billing, and choose Manage billing to see and download them.`,
  },
  {
    question: msg`What if a project is rejected?`,
    answer: msg`Projects rejected under our content guidelines are refunded: their credits go back to your balance automatically.`,
  },
  {
    question: msg`How do fixes and revisions work?`,
    answer: msg`Each plan includes free fixes per project (1 on Lite, 2 on Pro, 3 on Advanced). After that a fix costs 1 credit. Fixes are delivered within 3, 2 or 1 days depending on your plan.`,
  },
  {
    question: msg`Is support included?`,
    answer: msg`Yes. Our support team is available 24/7 on every plan.`,
  },
];
