// The Creator's choices in words (English and Greek through Lingui).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModelDescription } from './api.ts';

export const genderWords: Record<ModelDescription['gender'], MessageDescriptor> = {
  women: msg`Woman`,
  men: msg`Man`,
};
export const bodyWords: Record<ModelDescription['body'], MessageDescriptor> = {
  slim: msg`Slim`,
  average: msg`Average`,
  athletic: msg`Athletic`,
  curvy: msg`Curvy`,
  'plus-size': msg`Plus-size`,
};
export const skinWords: Record<ModelDescription['skin'], MessageDescriptor> = {
  fair: msg`Fair`,
  light: msg`Light`,
  medium: msg`Medium`,
  olive: msg`Olive`,
  brown: msg`Brown`,
  dark: msg`Dark`,
};
export const hairWords: Record<ModelDescription['hair'], MessageDescriptor> = {
  'short-dark': msg`Short, dark`,
  'long-dark': msg`Long, dark`,
  'short-light': msg`Short, blonde`,
  'long-light': msg`Long, blonde`,
  curly: msg`Curly`,
  red: msg`Red`,
  grey: msg`Grey`,
  shaved: msg`Shaved`,
};
export const styleWords: Record<ModelDescription['style'], MessageDescriptor> = {
  casual: msg`Casual`,
  classic: msg`Classic`,
  sporty: msg`Sporty`,
  elegant: msg`Elegant`,
  streetwear: msg`Streetwear`,
};
