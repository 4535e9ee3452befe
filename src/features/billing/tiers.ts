// What the pricing table says about each tier (spec 2 §3 "Plan tier", §6, §9). Credits and
// prices come from public.plans (usePlans); the words are here, in English and Greek. They
// claim only what the server enforces: every paid plan has the whole catalogue and flat-lay
// (product decisions), and the resolution is the size the engine delivers for the plan
// (images.resolution: HD 1024×1536, 2K long side 2048, 4K long side 4096).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Tier } from './plan-rules.ts';

export interface TierCopy {
  name: string;
  description: MessageDescriptor;
  /** features after the monthly credits line */
  features: MessageDescriptor[];
  popular?: boolean;
}

export const TIER_COPY: Record<Tier, TierCopy> = {
  lite: {
    name: 'Lite',
    description: msg`For sellers starting out with a few new products a month.`,
    features: [
      msg`All models and backgrounds`,
      msg`HD resolution (1024 × 1536 px)`,
      msg`Downloads without watermark`,
      msg`1 revision per project`,
      msg`Fixes within 3 days`,
      msg`Extra credit packs`,
    ],
  },
  pro: {
    name: 'Pro',
    description: msg`For growing shops that shoot new collections every month.`,
    popular: true,
    features: [
      msg`All models and backgrounds`,
      msg`2K resolution (2048 px long side)`,
      msg`Downloads without watermark`,
      msg`2 revisions per project`,
      msg`Fixes within 2 days`,
      msg`Extra credits at €1.75`,
    ],
  },
  advanced: {
    name: 'Advanced',
    description: msg`For brands that want their own models, backgrounds and video.`,
    features: [
      msg`Custom model and background creation`,
      msg`Video creation`,
      msg`4K resolution (4096 px long side)`,
      msg`3 revisions per project`,
      msg`Fixes within 1 day`,
      msg`White-glove quality control`,
      msg`Extra credits at €1.50`,
    ],
  },
  enterprise: {
    name: 'Enterprise',
    description: msg`For teams and marketplaces with large catalogues.`,
    features: [
      msg`500 credits or more a month`,
      msg`Unlimited revisions`,
      msg`Videos of 10 seconds or longer`,
      msg`A dedicated account manager`,
    ],
  },
};
