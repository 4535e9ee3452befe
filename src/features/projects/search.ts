import { shownProjectName } from '../../lib/default-names.ts';
// The projects search box: a case-insensitive substring match on the project's name, its type
// or its status (spec 2 §2), as stored ('on-model', 'completed') and as the seller reads it in
// their language ('On-Model', 'Ολοκληρώθηκε'). Accents do not matter, so 'ολοκληρωθηκε' and
// 'Café' typed without them still match.

/** Lower case, accents removed, spaces collapsed. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

export interface Searchable {
  name: string;
  type: string;
  status: string;
}

/** The words a project is found by: name, raw type and status, and their labels. */
export function searchWords(p: Searchable, labels: { type: string; status: string }): string[] {
  // a default name is found by the words on screen too
  return [p.name, shownProjectName(p.name), p.type, p.status, labels.type, labels.status];
}

export function matchesSearch(words: readonly string[], query: string): boolean {
  const q = foldForSearch(query);
  if (!q) return true;
  return words.some((w) => foldForSearch(w).includes(q));
}

export function searchProjects<T extends Searchable>(
  projects: readonly T[],
  query: string,
  labelsOf: (p: T) => { type: string; status: string },
): T[] {
  if (!foldForSearch(query)) return [...projects];
  return projects.filter((p) => matchesSearch(searchWords(p, labelsOf(p)), query));
}
