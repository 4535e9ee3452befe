import { describe, expect, it } from 'vitest';
import { type EligibleImage, firstResult, isEligible, paginate, searchProjects } from '../eligible.ts';
import { CUSTOM_STYLE, canSaveCustom, cleanDescription, generateDisabled, videoProblem } from '../rules.ts';

const image = (over: Partial<EligibleImage> = {}): EligibleImage => ({
  id: 'i',
  status: 'completed',
  position: 1,
  generated_path: 'u/p/i.png',
  watermarked_path: 'u/p/i.png',
  ...over,
});

describe('which projects can become a video', () => {
  it('completed or archived, with at least one finished image', () => {
    expect(isEligible({ status: 'completed', images: [image()] })).toBe(true);
    expect(isEligible({ status: 'archived', images: [image()] })).toBe(true);
    for (const status of ['draft', 'processing', 'failed', 'rejected']) {
      expect(isEligible({ status, images: [image()] })).toBe(false);
    }
    expect(isEligible({ status: 'completed', images: [] })).toBe(false);
    expect(isEligible({ status: 'completed', images: [image({ status: 'failed' })] })).toBe(false);
    expect(
      isEligible({ status: 'completed', images: [image({ generated_path: null, watermarked_path: null })] }),
    ).toBe(false);
  });

  it('starts from the first finished image by position', () => {
    const images = [
      image({ id: 'c', position: 3 }),
      image({ id: 'a', position: 1, status: 'failed' }),
      image({ id: 'b', position: 2 }),
    ];
    expect(firstResult(images)?.id).toBe('b');
    expect(firstResult([image({ status: 'processing' })])).toBeUndefined();
  });
});

describe('search', () => {
  const projects = [
    { name: 'Linen Shirt', type: 'on-model' },
    { name: 'Silk scarf', type: 'flat-lay' },
    { name: 'Φόρεμα Καλοκαιρινό', type: 'on-model' },
  ];
  const label = (t: string) => (t === 'flat-lay' ? 'Επίπεδη τοποθέτηση' : 'Σε μοντέλο');

  it('matches the name or the type, any case, and an empty query keeps all', () => {
    expect(searchProjects(projects, 'linen').map((p) => p.name)).toEqual(['Linen Shirt']);
    expect(searchProjects(projects, 'FLAT').map((p) => p.name)).toEqual(['Silk scarf']);
    expect(searchProjects(projects, 'flat lay').map((p) => p.name)).toEqual(['Silk scarf']);
    expect(searchProjects(projects, 'onmodel')).toHaveLength(2);
    expect(searchProjects(projects, '  ')).toHaveLength(3);
    expect(searchProjects(projects, 'φόρεμα').map((p) => p.name)).toEqual(['Φόρεμα Καλοκαιρινό']);
  });

  it('matches the type in the words the screen shows', () => {
    expect(searchProjects(projects, 'επίπεδη', label).map((p) => p.name)).toEqual(['Silk scarf']);
  });
});

describe('pages of 8', () => {
  const items = Array.from({ length: 19 }, (_, i) => i);
  it('cuts 8 a page and clamps the page to those there are', () => {
    expect(paginate(items, 1)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7], page: 1, pageCount: 3 });
    expect(paginate(items, 3).items).toEqual([16, 17, 18]);
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate([], 2)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});

describe('a video request', () => {
  const ok = { customAllowed: true, enoughCredits: true };
  it('needs a style first', () => {
    expect(videoProblem({ style: null, custom: '' }, ok)).toBe('style-required');
    expect(videoProblem({ style: 'zoom-in', custom: '' }, ok)).toBeNull();
  });
  it('a custom style needs the Advanced plan and a description that is not only spaces', () => {
    expect(videoProblem({ style: CUSTOM_STYLE, custom: 'slow pan' }, { ...ok, customAllowed: false })).toBe(
      'custom-locked',
    );
    expect(videoProblem({ style: CUSTOM_STYLE, custom: '   ' }, ok)).toBe('custom-required');
    expect(videoProblem({ style: CUSTOM_STYLE, custom: ' slow pan ' }, ok)).toBeNull();
    expect(generateDisabled({ style: CUSTOM_STYLE, custom: ' \n ' })).toBe(true);
    expect(generateDisabled({ style: CUSTOM_STYLE, custom: 'x' })).toBe(false);
    expect(generateDisabled({ style: 'casual', custom: '' })).toBe(false);
    expect(canSaveCustom('\t')).toBe(false);
    expect(cleanDescription('  slow pan  ')).toBe('slow pan');
    expect(cleanDescription('x'.repeat(900))).toHaveLength(500);
  });
  it('then 3 credits', () => {
    expect(videoProblem({ style: 'casual', custom: '' }, { ...ok, enoughCredits: false })).toBe('credits');
  });
});
