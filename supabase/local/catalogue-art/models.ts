// The look of each catalogue model, read from its `description` in
// supabase/migrations/20261122000200_reference_data.sql. Slugs must match that migration.

export type Gender = 'women' | 'men';

export type HairStyle =
  | 'long-straight'
  | 'shoulder'
  | 'curly-volume'
  | 'bob'
  | 'long-sleek'
  | 'short-natural'
  | 'long-wavy'
  | 'ponytail'
  | 'short-neat'
  | 'tousled'
  | 'short-textured'
  | 'cropped'
  | 'curly-top'
  | 'slicked-back';

export interface ModelLook {
  slug: string;
  gender: Gender;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  /** the fitted basics the figure wears: always a light neutral */
  basics: string;
  lips: string;
  beard?: 'trimmed' | 'stubble';
  freckles?: boolean;
  /** soft studio backdrop of the gallery images */
  backdrop: [string, string];
}

export const MODEL_LOOKS: readonly ModelLook[] = [
  {
    slug: 'sofia',
    gender: 'women',
    skin: '#c9976b',
    hair: '#3b2419',
    hairStyle: 'long-straight',
    basics: '#d9d6d2',
    lips: '#a8574f',
    backdrop: ['#efe4da', '#d9c7b8'],
  },
  {
    slug: 'elena',
    gender: 'women',
    skin: '#f1cdb4',
    hair: '#d9b56e',
    hairStyle: 'shoulder',
    basics: '#d4d6da',
    lips: '#c1706c',
    backdrop: ['#e7ebf0', '#c9d1db'],
  },
  {
    slug: 'maya',
    gender: 'women',
    skin: '#6e4330',
    hair: '#1b1414',
    hairStyle: 'curly-volume',
    basics: '#dcd8d2',
    lips: '#7a3a34',
    backdrop: ['#f3e3d3', '#dfc2a6'],
  },
  {
    slug: 'chloe',
    gender: 'women',
    skin: '#f3d2bd',
    hair: '#b4502a',
    hairStyle: 'bob',
    basics: '#d8d8d6',
    lips: '#c86b66',
    freckles: true,
    backdrop: ['#e4ece6', '#c3d3c8'],
  },
  {
    slug: 'nadia',
    gender: 'women',
    skin: '#b98a64',
    hair: '#151212',
    hairStyle: 'long-sleek',
    basics: '#d6d3cf',
    lips: '#9a5148',
    backdrop: ['#ece6ef', '#d1c6d8'],
  },
  {
    slug: 'amara',
    gender: 'women',
    skin: '#5a3626',
    hair: '#171111',
    hairStyle: 'short-natural',
    basics: '#dedbd6',
    lips: '#6e3430',
    backdrop: ['#f4e9d8', '#e3cba6'],
  },
  {
    slug: 'lena',
    gender: 'women',
    skin: '#efcdb3',
    hair: '#9a7250',
    hairStyle: 'long-wavy',
    basics: '#d5d7d4',
    lips: '#bd6f68',
    backdrop: ['#efe7e2', '#dccbc2'],
  },
  {
    slug: 'iris',
    gender: 'women',
    skin: '#eccaa8',
    hair: '#121014',
    hairStyle: 'long-sleek',
    basics: '#d9d8d8',
    lips: '#c46a6a',
    backdrop: ['#f1e6e6', '#dcc4c6'],
  },
  {
    slug: 'zoe',
    gender: 'women',
    skin: '#d19a6f',
    hair: '#c9964f',
    hairStyle: 'ponytail',
    basics: '#dad7d1',
    lips: '#b0625a',
    backdrop: ['#f2ead9', '#e0cfa9'],
  },
  {
    slug: 'nikos',
    gender: 'men',
    skin: '#c6946a',
    hair: '#2a1d17',
    hairStyle: 'short-neat',
    basics: '#d3d3d1',
    lips: '#9c6a5c',
    beard: 'trimmed',
    backdrop: ['#e6e9ec', '#c6ccd3'],
  },
  {
    slug: 'lucas',
    gender: 'men',
    skin: '#f0cfb6',
    hair: '#d7b36a',
    hairStyle: 'tousled',
    basics: '#d6d6d3',
    lips: '#b57f73',
    backdrop: ['#e9eee9', '#cbd6cc'],
  },
  {
    slug: 'marco',
    gender: 'men',
    skin: '#deb08d',
    hair: '#8e8b88',
    hairStyle: 'short-textured',
    basics: '#d2d1ce',
    lips: '#a4705f',
    beard: 'stubble',
    backdrop: ['#ece8e3', '#d2c9bf'],
  },
  {
    slug: 'daniel',
    gender: 'men',
    skin: '#5b3828',
    hair: '#141010',
    hairStyle: 'cropped',
    basics: '#d9d8d5',
    lips: '#6f3f34',
    backdrop: ['#efe5da', '#d8c2ab'],
  },
  {
    slug: 'theo',
    gender: 'men',
    skin: '#efcfb5',
    hair: '#6b4429',
    hairStyle: 'curly-top',
    basics: '#d5d6d8',
    lips: '#b77c70',
    backdrop: ['#e5e9ef', '#c7cfda'],
  },
  {
    slug: 'adrian',
    gender: 'men',
    skin: '#e4bf9a',
    hair: '#161314',
    hairStyle: 'slicked-back',
    basics: '#d3d2cf',
    lips: '#b07a6a',
    backdrop: ['#eae6ec', '#cdc5d3'],
  },
];

export function lookFor(slug: string): ModelLook | undefined {
  return MODEL_LOOKS.find((m) => m.slug === slug);
}
