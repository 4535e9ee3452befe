import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Tables } from '../../../lib/database.types.ts';
import { projectKeys } from '../api.ts';
import { applyProjectRow } from '../project-cache.ts';
import type { Project } from '../project-types.ts';

const user = 'u1';
const project = (id: string, status: Project['status'] = 'processing'): Project => ({
  id,
  name: `Project ${id}`,
  type: 'on-model',
  status,
  created_at: '2026-11-27T08:00:00Z',
  updated_at: '2026-11-27T08:00:00Z',
  video_status: null,
  video_path: null,
  video_url: null,
  video_style: null,
  images: [],
});
const row = (p: Project, fields: Partial<Project>) =>
  ({ ...p, ...fields, user_id: user }) as unknown as Tables<'projects'>;

function cache() {
  const queryClient = new QueryClient();
  const active = projectKeys.active(user);
  queryClient.setQueryData(active, [project('p1'), project('p2', 'completed')]);
  queryClient.setQueryData(projectKeys.detail(user, 'p1'), project('p1'));
  return { queryClient, active };
}

describe('applyProjectRow', () => {
  it('patches a known project in the lists and its detail, and needs no read', () => {
    const { queryClient, active } = cache();
    const p1 = queryClient.getQueryData<Project>(projectKeys.detail(user, 'p1'))!;
    const answer = applyProjectRow(queryClient, user, {
      type: 'UPDATE',
      row: row(p1, { status: 'completed', name: 'Summer dress' }),
      old: { id: 'p1' },
    });
    expect(answer).toEqual({ readLists: false });
    expect(queryClient.getQueryData<Project[]>(active)?.[0]).toMatchObject({
      status: 'completed',
      name: 'Summer dress',
    });
    expect(queryClient.getQueryData<Project>(projectKeys.detail(user, 'p1'))).toMatchObject({
      status: 'completed',
    });
  });

  it('asks for the lists again for a project it does not hold, or one that moves to or from the archive', () => {
    const { queryClient } = cache();
    expect(
      applyProjectRow(queryClient, user, { type: 'INSERT', row: row(project('p9'), {}), old: {} }),
    ).toEqual({
      readLists: true,
    });
    expect(
      applyProjectRow(queryClient, user, {
        type: 'UPDATE',
        row: row(project('p2', 'completed'), { status: 'archived' }),
        old: { id: 'p2' },
      }),
    ).toEqual({ readLists: true });
  });

  it('takes a deleted project out of the lists and the detail', () => {
    const { queryClient, active } = cache();
    expect(applyProjectRow(queryClient, user, { type: 'DELETE', row: null, old: { id: 'p1' } })).toEqual({
      readLists: false,
    });
    expect(queryClient.getQueryData<Project[]>(active)?.map((p) => p.id)).toEqual(['p2']);
    expect(queryClient.getQueryData(projectKeys.detail(user, 'p1'))).toBe(null);
  });
});
