// The 15 catalogue models as people to make (npm run catalogue:create): the ids, slugs, names,
// genders and age ranges of public.models (supabase/migrations/20261122000200_reference_data.sql),
// each look in the words of a saved model (_shared/providers/person.ts: the Creator's options
// where they fit, plain words where the catalogue's description says more), and a fixed seed,
// so the same person is asked for on every run. `details` holds what no field says (freckles, a
// beard). people.test.ts checks them against the migration's rows.
import type { PersonSpec } from '../../supabase/functions/_shared/providers/person.ts';

export interface CataloguePerson extends PersonSpec {
  /** public.models.id */
  id: number;
  slug: string;
  name: string;
  seed: number;
}

const person = (
  id: number,
  slug: string,
  name: string,
  gender: PersonSpec['gender'],
  age_range: string,
  look: Omit<PersonSpec, 'gender' | 'age_range' | 'details'> & { details?: string },
): CataloguePerson => ({
  id,
  slug,
  name,
  gender,
  age_range,
  details: '',
  ...look,
  // stable and different for every model
  seed: 7_000 + id * 37,
});

export const CATALOGUE_PEOPLE: readonly CataloguePerson[] = [
  person(1, 'sofia', 'Sofia', 'women', '18-25', {
    body: 'slim',
    skin: 'olive',
    hair: 'long straight dark brown hair',
    style: 'casual',
  }),
  person(2, 'elena', 'Elena', 'women', '26-35', {
    body: 'average',
    skin: 'fair',
    hair: 'shoulder-length blonde hair',
    style: 'classic',
  }),
  person(3, 'maya', 'Maya', 'women', '18-25', {
    body: 'athletic',
    skin: 'deep brown skin',
    hair: 'curly voluminous black hair',
    style: 'casual',
  }),
  person(4, 'chloe', 'Chloe', 'women', '26-35', {
    body: 'slim',
    skin: 'fair',
    hair: 'short red hair in a bob',
    style: 'classic',
    details: 'freckles',
  }),
  person(5, 'nadia', 'Nadia', 'women', '36-45', {
    body: 'average',
    skin: 'light brown skin',
    hair: 'long straight sleek black hair',
    style: 'elegant',
  }),
  person(6, 'amara', 'Amara', 'women', '26-35', {
    body: 'curvy',
    skin: 'dark',
    hair: 'short natural hair',
    style: 'elegant',
  }),
  person(7, 'lena', 'Lena', 'women', '36-45', {
    body: 'average',
    skin: 'fair',
    hair: 'long wavy light brown hair',
    style: 'classic',
  }),
  person(8, 'iris', 'Iris', 'women', '18-25', {
    body: 'slim',
    skin: 'light',
    hair: 'long straight black hair',
    style: 'streetwear',
    details: 'East Asian',
  }),
  person(9, 'zoe', 'Zoe', 'women', '26-35', {
    body: 'athletic',
    skin: 'tanned skin',
    hair: 'honey blonde hair in a ponytail',
    style: 'sporty',
  }),
  person(101, 'nikos', 'Nikos', 'men', '26-35', {
    body: 'athletic',
    skin: 'olive',
    hair: 'short dark hair, neatly cut',
    style: 'classic',
    details: 'trimmed beard',
  }),
  person(102, 'lucas', 'Lucas', 'men', '18-25', {
    body: 'slim',
    skin: 'fair',
    hair: 'tousled blond hair',
    style: 'casual',
  }),
  person(103, 'marco', 'Marco', 'men', '36-45', {
    body: 'average',
    skin: 'light',
    hair: 'short salt-and-pepper grey hair',
    style: 'classic',
    details: 'light stubble',
  }),
  person(104, 'daniel', 'Daniel', 'men', '26-35', {
    body: 'athletic',
    skin: 'dark',
    hair: 'close-cropped black hair',
    style: 'sporty',
  }),
  person(105, 'theo', 'Theo', 'men', '18-25', {
    body: 'slim',
    skin: 'light',
    hair: 'curly brown hair',
    style: 'streetwear',
  }),
  person(106, 'adrian', 'Adrian', 'men', '36-45', {
    body: 'average',
    skin: 'light',
    hair: 'slicked-back dark hair',
    style: 'elegant',
    details: 'East Asian',
  }),
];
