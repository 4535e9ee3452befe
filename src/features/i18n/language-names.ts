/** Each language's name in its own language, as a picker lists it. */
export const LANGUAGE_NAMES = { en: 'English', el: 'Ελληνικά' } as const;
