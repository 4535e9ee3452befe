import { describe, expect, it } from 'vitest';
import { createProjectTracker } from '../project-events.ts';

describe('project tracker', () => {
  it('reacts to processing, completed and failed once each', () => {
    const tracker = createProjectTracker();
    expect(tracker.react({ id: 'p', name: 'Linen', status: 'processing' })).toEqual({
      kind: 'processing',
      id: 'p',
      name: 'Linen',
    });
    expect(tracker.react({ id: 'p', name: 'Linen', status: 'processing' })).toBeNull();
    expect(tracker.react({ id: 'p', name: 'Linen', status: 'completed' })).toEqual({
      kind: 'completed',
      id: 'p',
      name: 'Linen',
    });
    expect(tracker.react({ id: 'p', name: 'Linen', status: 'completed' })).toBeNull();
  });

  it('reports failures and ignores other statuses', () => {
    const tracker = createProjectTracker();
    expect(tracker.react({ id: 'q', name: 'Silk', status: 'failed' })?.kind).toBe('failed');
    expect(tracker.react({ id: 'r', name: 'Wool', status: 'archived' })).toBeNull();
    expect(tracker.react({ id: 'r', name: 'Wool', status: 'draft' })).toBeNull();
  });
});
