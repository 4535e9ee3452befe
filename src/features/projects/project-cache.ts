// Changes applied to the cached lists and details at once (a live row, a write just made), so
// the screens move before the read that confirms them comes back.
import type { QueryClient } from '@tanstack/react-query';
import type { Tables } from '../../lib/database.types.ts';
import { projectKeys } from './api.ts';
import type { Project, ProjectImage } from './project-types.ts';

type ProjectFields = Partial<Omit<Project, 'images'>>;

const PROJECT_FIELDS = [
  'name',
  'status',
  'updated_at',
  'video_status',
  'video_path',
  'video_url',
  'video_style',
] as const;

/** The fields of a live projects row the screens show. */
export function projectFieldsOf(row: Partial<Tables<'projects'>>): ProjectFields {
  const out: Record<string, unknown> = {};
  for (const k of PROJECT_FIELDS) if (k in row) out[k] = row[k];
  return out as ProjectFields;
}

function mapLists(queryClient: QueryClient, userId: string, fn: (list: Project[]) => Project[]) {
  queryClient.setQueriesData<Project[]>({ queryKey: projectKeys.lists(userId) }, (list) =>
    list ? fn(list) : list,
  );
}

export function patchProject(
  queryClient: QueryClient,
  userId: string,
  projectId: string,
  fields: ProjectFields,
) {
  const apply = (p: Project) => (p.id === projectId ? { ...p, ...fields } : p);
  mapLists(queryClient, userId, (list) => list.map(apply));
  queryClient.setQueryData<Project | null>(projectKeys.detail(userId, projectId), (p) => (p ? apply(p) : p));
}

/** The project as the cache holds it (a list or its detail), if it is there. */
function cachedProject(queryClient: QueryClient, userId: string, projectId: string): Project | undefined {
  const detail = queryClient.getQueryData<Project | null>(projectKeys.detail(userId, projectId));
  if (detail) return detail;
  for (const [, list] of queryClient.getQueriesData<Project[]>({ queryKey: projectKeys.lists(userId) })) {
    const found = list?.find((p) => p.id === projectId);
    if (found) return found;
  }
  return undefined;
}

/**
 * A live projects row applied to the cache: a change to a project the cache holds is patched in
 * (the row carries every field the screens show); a new project, or one moving between the
 * active list and the archive, needs the lists read again — the answer says which.
 */
export function applyProjectRow(
  queryClient: QueryClient,
  userId: string,
  change: {
    type: 'INSERT' | 'UPDATE' | 'DELETE';
    row: Tables<'projects'> | null;
    old: Partial<Tables<'projects'>>;
  },
): { readLists: boolean } {
  if (change.type === 'DELETE') {
    if (change.old.id) removeProject(queryClient, userId, change.old.id);
    return { readLists: false };
  }
  const row = change.row;
  if (!row) return { readLists: false };
  const before = cachedProject(queryClient, userId, row.id);
  patchProject(queryClient, userId, row.id, projectFieldsOf(row));
  const moved = before !== undefined && (before.status === 'archived') !== (row.status === 'archived');
  return { readLists: before === undefined || moved };
}

/** Moves a project out of the list it no longer belongs to (archived ↔ active). */
export function dropFromList(queryClient: QueryClient, key: readonly unknown[], projectId: string) {
  queryClient.setQueryData<Project[]>(key, (list) => list?.filter((p) => p.id !== projectId));
}

export function removeProject(queryClient: QueryClient, userId: string, projectId: string) {
  mapLists(queryClient, userId, (list) => list.filter((p) => p.id !== projectId));
  queryClient.setQueryData(projectKeys.detail(userId, projectId), null);
}

export function patchImage(
  queryClient: QueryClient,
  userId: string,
  row: Partial<Tables<'images'>> & { id: string; project_id?: string },
) {
  const apply = (p: Project): Project => {
    if (row.project_id && p.id !== row.project_id) return p;
    if (!p.images.some((i) => i.id === row.id)) return p;
    return {
      ...p,
      images: p.images.map((i) =>
        i.id === row.id
          ? {
              ...i,
              ...(row.status ? { status: row.status as ProjectImage['status'] } : {}),
              ...('generated_path' in row ? { generated_path: row.generated_path ?? null } : {}),
              ...('watermarked_path' in row ? { watermarked_path: row.watermarked_path ?? null } : {}),
              ...('resolution' in row ? { resolution: row.resolution ?? null } : {}),
              ...('width' in row ? { width: row.width ?? null, height: row.height ?? null } : {}),
            }
          : i,
      ),
    };
  };
  mapLists(queryClient, userId, (list) => list.map(apply));
  if (row.project_id) {
    queryClient.setQueryData<Project | null>(projectKeys.detail(userId, row.project_id), (p) =>
      p ? apply(p) : p,
    );
  }
}

/** A snapshot of everything a project write may touch, to put back when it fails. */
export function snapshotProjects(queryClient: QueryClient, userId: string) {
  const saved = queryClient.getQueriesData({ queryKey: projectKeys.user(userId) });
  return () => {
    for (const [key, data] of saved) queryClient.setQueryData(key, data);
  };
}
