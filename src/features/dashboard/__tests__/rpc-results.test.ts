import { describe, expect, it } from 'vitest';
import { toActivityItems, toProjectStats } from '../rpc-results.ts';

const item = {
  id: 'project:1',
  type: 'project_created',
  date: '2026-01-01T00:00:00Z',
  details: 'Created project "Linen"',
  metadata: { projectId: 'p1', projectName: 'Linen', projectType: 'on-model', status: 'draft' },
};

describe('toProjectStats', () => {
  it('reads the counts', () => {
    const stats = { total: 3, completed: 1, in_progress: 1, rejected: 0, failed: 1, archived: 0 };
    expect(toProjectStats(stats)).toEqual(stats);
  });

  it('refuses an answer of another shape instead of showing zeros', () => {
    expect(() => toProjectStats({ total: 3 })).toThrow();
    expect(() => toProjectStats(null)).toThrow();
    expect(() =>
      toProjectStats({ total: '3', completed: 1, in_progress: 1, rejected: 0, failed: 1, archived: 0 }),
    ).toThrow(/total/);
  });
});

describe('toActivityItems', () => {
  it('reads the items, tool uses included', () => {
    const tool = {
      id: 'tool:1',
      type: 'tool_used',
      date: '2026-01-02T00:00:00Z',
      details: null,
      metadata: { toolName: 'photo-combiner', toolDetails: null, creditsUsed: 0.4 },
    };
    expect(toActivityItems([item, tool])).toEqual([item, tool]);
  });

  it('leaves out items of a kind it does not know', () => {
    expect(toActivityItems([{ ...item, type: 'video_made' }, item])).toEqual([item]);
  });

  it('leaves out an item with a field of the wrong type, and drops fields it does not know', () => {
    const wrong = { ...item, metadata: { ...item.metadata, projectName: 7 } };
    const extra = { ...item, extra: 1, metadata: { ...item.metadata, other: 'x' } };
    expect(toActivityItems([wrong, { ...item, date: null }, extra])).toEqual([item]);
    expect(toActivityItems([extra])[0]).not.toHaveProperty('extra');
    expect(toActivityItems([extra])[0].metadata).not.toHaveProperty('other');
  });

  it('refuses an answer that is not a list', () => {
    expect(() => toActivityItems({})).toThrow();
  });
});
