import { describe, expect, it } from 'vitest';
import { type DialogModules, dialogLoader } from '../components/dialog-modules.ts';

const modules = {} as DialogModules;

describe('the projects’ dialogs, loaded when first opened', () => {
  it('are loaded once, however often they are asked for', async () => {
    let calls = 0;
    const dialogs = dialogLoader(async () => {
      calls++;
      return modules;
    });
    expect(dialogs.loaded).toBeNull();
    const [a, b] = await Promise.all([dialogs.load(), dialogs.load()]);
    await dialogs.load();
    expect([a, b, dialogs.loaded]).toEqual([modules, modules, modules]);
    expect(calls).toBe(1);
  });

  it('forget a failed load, so that the next tap tries again', async () => {
    let calls = 0;
    const dialogs = dialogLoader(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return modules;
    });
    await expect(dialogs.load()).rejects.toThrow(/dynamically imported/);
    expect(dialogs.loaded).toBeNull();
    await expect(dialogs.load()).resolves.toBe(modules);
    expect(calls).toBe(2);
  });
});
