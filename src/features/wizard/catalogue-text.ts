// Words for catalogue choices: the Greek columns of the catalogue rows, and labels of the
// wizard's own lists.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Locale } from '../../lib/i18n.ts';
import type { CatalogueBackground, CatalogueModel, CataloguePose } from './api.ts';
import type { GarmentType, Gender } from './model/draft.ts';

export const garmentTypeLabel: Record<GarmentType, MessageDescriptor> = {
  top: msg`Top`,
  bottom: msg`Bottom`,
  full: msg`Full outfit`,
};

export const genderLabel: Record<Gender, MessageDescriptor> = {
  women: msg`Women`,
  men: msg`Men`,
};

export const AGE_FILTERS = ['all', '18-25', '26-35', '36-45'] as const;
export type AgeFilter = (typeof AGE_FILTERS)[number];

export const modelName = (m: Pick<CatalogueModel, 'name' | 'nameEl'>, locale: Locale) =>
  locale === 'el' ? m.nameEl : m.name;
export const poseName = (p: Pick<CataloguePose, 'name' | 'nameEl'>, locale: Locale) =>
  locale === 'el' ? p.nameEl : p.name;
export const poseDescription = (p: Pick<CataloguePose, 'description' | 'descriptionEl'>, locale: Locale) =>
  locale === 'el' ? p.descriptionEl : p.description;
export const backgroundName = (b: Pick<CatalogueBackground, 'name' | 'nameEl'>, locale: Locale) =>
  locale === 'el' ? b.nameEl : b.name;
export const backgroundType = (b: Pick<CatalogueBackground, 'type' | 'typeEl'>, locale: Locale) =>
  locale === 'el' ? b.typeEl : b.type;
