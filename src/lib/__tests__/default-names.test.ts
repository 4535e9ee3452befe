import { describe, expect, it } from 'vitest';
import { shownBatchName, shownProjectName } from '../default-names.ts';

describe('names the server gave what was left unnamed', () => {
  it('show in the language of the screen, keeping their number', () => {
    expect(shownProjectName('Untitled Project', 'el')).toBe('Έργο χωρίς τίτλο');
    expect(shownProjectName('Untitled Project2', 'el')).toBe('Έργο χωρίς τίτλο2');
    expect(shownProjectName('Untitled Project 12', 'el')).toBe('Έργο χωρίς τίτλο 12');
    expect(shownProjectName('Έργο χωρίς τίτλο3', 'en')).toBe('Untitled Project3');
    expect(shownProjectName('Untitled Project', 'en')).toBe('Untitled Project');
    expect(shownBatchName('Batch 2026-11-28 09:30', 'el')).toBe('Παρτίδα 2026-11-28 09:30');
    expect(shownBatchName('Παρτίδα 2026-11-28 09:30', 'en')).toBe('Batch 2026-11-28 09:30');
  });

  it("leave a seller's own names alone", () => {
    expect(shownProjectName('Untitled Project for the shop', 'el')).toBe('Untitled Project for the shop');
    expect(shownProjectName('Linen dress', 'el')).toBe('Linen dress');
    expect(shownProjectName('My Untitled Project', 'el')).toBe('My Untitled Project');
    expect(shownBatchName('Batch of summer dresses', 'el')).toBe('Batch of summer dresses');
  });
});
