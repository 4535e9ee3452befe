// @vitest-environment happy-dom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { projectChangeReaders, useReadOnProjectChanges } from '../hooks/use-read-on-project-changes.ts';

afterEach(cleanup);

describe('queries read again on the shell’s projects channel', () => {
  it('holds a screen’s queries while it is shown, once each however many screens ask', () => {
    const stats = ['dashboard', 'u1', 'stats'];
    const activity = ['dashboard', 'u1', 'activity'];
    const home = renderHook(() => useReadOnProjectChanges([stats, activity]));
    const other = renderHook(() => useReadOnProjectChanges([stats]));
    expect(projectChangeReaders()).toEqual([stats, activity]);
    home.unmount();
    expect(projectChangeReaders()).toEqual([stats]);
    other.unmount();
    expect(projectChangeReaders()).toEqual([]);
  });
});
