// The breadcrumb's and page's words for each step and flow (spec 2 §2).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Flow, Step } from './model/steps.ts';

export const STEP_TITLES: Record<Step, MessageDescriptor> = {
  upload: msg`Select Products`,
  models: msg`Select Models`,
  pose: msg`Select Pose`,
  background: msg`Select Background`,
  summary: msg`Summary`,
};

export const STEP_LEADS: Record<Step, MessageDescriptor> = {
  upload: msg`Add one photo of the garment you want to show. One photo per generation.`,
  models: msg`Choose who wears your garment.`,
  pose: msg`Choose how the model stands. One pose per generation.`,
  background: msg`Choose where the photo is set.`,
  summary: msg`Check your choices, name the project and generate.`,
};

export const FLOW_TITLES: Record<Flow, MessageDescriptor> = {
  'on-model': msg`On-model shoot`,
  'flat-lay': msg`Flat-lay shoot`,
  mannequin: msg`Mannequin shoot`,
};
