// What a batch item (a one-image project) is doing, as the batch page says it.
import type { Project } from '../../projects/index.ts';

export type ItemStatus = 'queued' | 'generating' | 'done' | 'refunded';

export function itemStatus(project: Pick<Project, 'status' | 'images'>): ItemStatus {
  const image = project.images[0];
  const status = image?.status ?? (project.status === 'completed' ? 'completed' : 'pending');
  if (status === 'completed') return 'done';
  if (
    status === 'failed' ||
    status === 'rejected' ||
    project.status === 'failed' ||
    project.status === 'rejected'
  )
    return 'refunded';
  if (status === 'processing') return 'generating';
  return 'queued';
}

export function countStatuses(projects: Pick<Project, 'status' | 'images'>[]): Record<ItemStatus, number> {
  const counts: Record<ItemStatus, number> = { queued: 0, generating: 0, done: 0, refunded: 0 };
  for (const p of projects) counts[itemStatus(p)]++;
  return counts;
}
