// The /tools hub's cards (spec 2 §2 "Tools"): four tools to use (the Custom Model Creator and the
// Batch Processor only on the Advanced plan), one coming soon.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IconName } from '../../ui/icons.tsx';

export interface ToolEntry {
  id: 'photo-combiner' | 'background-remover' | 'image-enhancer' | 'custom-model-creator' | 'batch-processor';
  title: MessageDescriptor;
  description: MessageDescriptor;
  icon: IconName;
  /** where the card leads; none while it is coming soon */
  to?: '/tools/photo-combiner' | '/tools/background-remover' | '/tools/batch' | '/tools/model-creator';
  comingSoon: boolean;
  advancedOnly: boolean;
  /** public.credit_prices item of a tool that costs credits */
  priceItem?: 'photo-combiner' | 'background-remover' | 'model-creator';
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
    description: msg`Sharpen, brighten and upscale product photos in one step.`,
    icon: 'sparkles',
    comingSoon: true,
    advancedOnly: false,
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

/** Whether a card is locked for this plan: Advanced-only cards for anyone not on Advanced. */
export const isLocked = (tool: Pick<ToolEntry, 'advancedOnly'>, plan: string | undefined) =>
  tool.advancedOnly && plan !== 'advanced';
