import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch, searchProjects } from '../search.ts';

const projects = [
  { id: 1, name: 'Summer Linen Dress', type: 'on-model', status: 'completed' },
  { id: 2, name: 'Καλοκαιρινό φόρεμα', type: 'flat-lay', status: 'processing' },
  { id: 3, name: 'Café jacket', type: 'on-model', status: 'rejected' },
];
const english = (p: { type: string; status: string }) => ({
  type: p.type === 'on-model' ? 'On-Model' : 'Flat-Lay',
  status: { completed: 'Completed', processing: 'Processing', rejected: 'Rejected' }[p.status] ?? p.status,
});
const greek = (p: { type: string; status: string }) => ({
  type: p.type === 'on-model' ? 'Σε μοντέλο' : 'Flat-lay',
  status:
    { completed: 'Ολοκληρώθηκε', processing: 'Σε επεξεργασία', rejected: 'Απορρίφθηκε' }[p.status] ??
    p.status,
});
const ids = (query: string, labels = english) => searchProjects(projects, query, labels).map((p) => p.id);

describe('project search', () => {
  it('matches the name, type or status, whatever the case', () => {
    expect(ids('LINEN')).toEqual([1]);
    expect(ids('flat')).toEqual([2]);
    expect(ids('on-model')).toEqual([1, 3]);
    expect(ids('Processing')).toEqual([2]);
    expect(ids('rejected')).toEqual([3]);
  });

  it('matches the labels the seller reads in Greek, with or without accents', () => {
    expect(ids('ολοκληρωθηκε', greek)).toEqual([1]);
    expect(ids('ΕΠΕΞΕΡΓΑΣΙΑ', greek)).toEqual([2]);
    expect(ids('φορεμα', greek)).toEqual([2]);
    expect(ids('cafe')).toEqual([3]);
  });

  it('keeps everything for an empty or blank query and nothing for no match', () => {
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('   ')).toEqual([1, 2, 3]);
    expect(ids('coat')).toEqual([]);
  });

  it('folds spacing and accents the same way on both sides', () => {
    expect(foldForSearch('  Σε   Επεξεργασία ')).toBe('σε επεξεργασια');
    expect(matchesSearch(['Summer  Linen'], 'summer linen')).toBe(true);
  });
});
