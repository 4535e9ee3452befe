// What each not-yet-built screen says while it waits for its release (spec 2 covers them).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IconName } from '../../ui/icons.tsx';

export interface PlaceholderInfo {
  title: MessageDescriptor;
  description: MessageDescriptor;
  icon: IconName;
}

export const PLACEHOLDERS = {
  projects: {
    title: msg`Projects`,
    icon: 'folder',
    description: msg`All your generated images, grouped by date, with search, fixes and an archive.`,
  },
  project: {
    title: msg`Project`,
    icon: 'image',
    description: msg`The original photo and the generated images side by side, with download and fix requests.`,
  },
  fixes: {
    title: msg`Fix requests`,
    icon: 'wand',
    description: msg`The fixes you asked for on generated images, and where each one stands.`,
  },
  archived: {
    title: msg`Archived projects`,
    icon: 'folder',
    description: msg`Projects you put away, ready to restore or delete.`,
  },
  create: {
    title: msg`Create`,
    icon: 'plusCircle',
    description: msg`Start an on-model or flat-lay shoot, or a video from a finished project.`,
  },
  onmodel: {
    title: msg`On-model shoot`,
    icon: 'sparkles',
    description: msg`Upload a product photo, choose a model, a pose and a background.`,
  },
  flatlay: {
    title: msg`Flat-lay shoot`,
    icon: 'layers',
    description: msg`Turn a flat-lay photo into a styled product image.`,
  },
  tools: {
    title: msg`Tools`,
    icon: 'tools',
    description: msg`Photo combiner, background remover and more small image tools.`,
  },
  photoCombiner: {
    title: msg`Photo combiner`,
    icon: 'layers',
    description: msg`Combine a top and a bottom into one outfit photo.`,
  },
  backgroundRemover: {
    title: msg`Background remover`,
    icon: 'scissors',
    description: msg`Cut your product out of its background in one step.`,
  },
  videoSelect: {
    title: msg`Create a video`,
    icon: 'video',
    description: msg`Pick a finished project to turn into a short video.`,
  },
  videoCreate: {
    title: msg`Video style`,
    icon: 'video',
    description: msg`Choose a style for your video and generate it.`,
  },
} satisfies Record<string, PlaceholderInfo>;

export type PlaceholderKey = keyof typeof PLACEHOLDERS;
