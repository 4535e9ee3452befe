// Choices kept in this browser only (spec 1 §3 "Local browser storage"): selectedGender
// (default women), backgroundBlurred, and the favourite models (spec 2: the heart is local).
import { useCallback, useSyncExternalStore } from 'react';
import { localSettings } from '../../lib/local-settings.ts';
import type { Gender } from './model/draft.ts';

export const CHOICE_KEYS = {
  selectedGender: 'selectedGender',
  backgroundBlurred: 'backgroundBlurred',
  favouriteModels: 'drape.favouriteModels',
  /** whether this browser has answered the gender question once (the modal is remembered) */
  genderAsked: 'drape.genderAsked',
} as const;

export function storedGender(): Gender {
  return localSettings.read(CHOICE_KEYS.selectedGender) === 'men' ? 'men' : 'women';
}

export function storeGender(gender: Gender) {
  localSettings.write(CHOICE_KEYS.selectedGender, gender);
  localSettings.write(CHOICE_KEYS.genderAsked, 'true');
}

export const genderAsked = () => localSettings.read(CHOICE_KEYS.genderAsked) === 'true';

function readFavourites(): string {
  return localSettings.read(CHOICE_KEYS.favouriteModels) ?? '[]';
}

function parseFavourites(raw: string): number[] {
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

export function useSelectedGender(): [Gender, (g: Gender) => void] {
  const gender = useSyncExternalStore(localSettings.subscribe, storedGender, () => 'women' as Gender);
  return [gender, storeGender];
}

export function useBackgroundBlurred(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    localSettings.subscribe,
    () => localSettings.read(CHOICE_KEYS.backgroundBlurred) === 'true',
    () => false,
  );
  const set = useCallback(
    (v: boolean) => localSettings.write(CHOICE_KEYS.backgroundBlurred, v ? 'true' : 'false'),
    [],
  );
  return [on, set];
}

export function useFavouriteModels(): [Set<number>, (modelId: number) => void] {
  // the raw string is the snapshot (stable between changes); the set is made from it
  const raw = useSyncExternalStore(localSettings.subscribe, readFavourites, () => '[]');
  const favourites = new Set(parseFavourites(raw));
  const toggle = useCallback((modelId: number) => {
    const now = new Set(parseFavourites(readFavourites()));
    if (now.has(modelId)) now.delete(modelId);
    else now.add(modelId);
    localSettings.write(CHOICE_KEYS.favouriteModels, JSON.stringify([...now]));
  }, []);
  return [favourites, toggle];
}
