// The /tools hub's cards (spec 2 §2 "Tools"): five tools to use (the Image Enhancer on paid plans,
// the Custom Model Creator and the Batch Processor only on the Advanced plan).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IconName } from '../../ui/icons.tsx';

export interface ToolEntry {
  id: 'photo-combiner' | 'background-remover' | 'image-enhancer' | 'custom-model-creator' | 'batch-processor';
  title: MessageDescriptor;
  description: MessageDescriptor;
  icon: IconName;
  /** where the card leads; none while it is coming soon */
  to?:
    | '/tools/photo-combiner'
    | '/tools/background-remover'
    | '/tools/image-enhancer'
    | '/tools/batch'
    | '/tools/model-creator';
  comingSoon: boolean;
  advancedOnly: boolean;
  /** open to the paid plans (Lite, Pro, Advanced), locked on the free plan */
  paidOnly?: boolean;
  /** public.credit_prices item of a tool that costs credits */
  priceItem?: 'photo-combiner' | 'background-remover' | 'model-creator';
  /** runs on the seller's device and costs no credits */
  onDevice?: boolean;
}

export const TOOLS: readonly ToolEntry[] = [
  {
    id: 'photo-combiner',
    title: msg`Photo Combiner`,
    description: msg`Put a top and a bottom together into one outfit photo, stacked on white.`,
    icon: 'layers',
    to: '/tools/photo-combiner',
    comingSoon: false,
    advancedOnly: false,
    priceItem: 'photo-combiner',
  },
  {
    id: 'background-remover',
    title: msg`Background Remover`,
    description: msg`Cut your product out of its background and get a transparent PNG.`,
    icon: 'scissors',
    to: '/tools/background-remover',
    comingSoon: false,
    advancedOnly: false,
    priceItem: 'background-remover',
  },
  {
    id: 'image-enhancer',
    title: msg`Image Enhancer`,
    description: msg`Enlarge a product photo 2× or 4× with AI that keeps edges and fabric sharp.`,
    icon: 'sparkles',
    to: '/tools/image-enhancer',
    comingSoon: false,
    advancedOnly: false,
    paidOnly: true,
    onDevice: true,
  },
  {
    id: 'custom-model-creator',
    title: msg`Custom Model Creator`,
    description: msg`Design a model of your own to wear your collection in every shoot.`,
    icon: 'user',
    to: '/tools/model-creator',
    comingSoon: false,
    advancedOnly: true,
    priceItem: 'model-creator',
  },
  {
    id: 'batch-processor',
    title: msg`Batch Processor`,
    description: msg`Run a whole collection through the same shoot settings at once.`,
    icon: 'folder',
    to: '/tools/batch',
    comingSoon: false,
    advancedOnly: true,
  },
];

/**
 * Whether a card is locked for this plan: Advanced-only cards for anyone not on Advanced,
 * paid-plan cards on the free plan (and while the plan is not known yet).
 */
export const isLocked = (tool: Pick<ToolEntry, 'advancedOnly' | 'paidOnly'>, plan: string | undefined) =>
  (tool.advancedOnly && plan !== 'advanced') ||
  (tool.paidOnly === true && (plan === undefined || plan === 'free'));
