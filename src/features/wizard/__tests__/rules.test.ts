// The wizard's enabling rules and where a URL may land (spec 2 §2, §4, §5).
import { describe, expect, it } from 'vitest';
import { CUSTOM_ID, CUSTOM_TEXT_MAX, customText, readStoredDraft } from '../model/draft.ts';
import {
  breadcrumbEnabled,
  canNext,
  firstIncompleteStep,
  redirectFor,
  stepComplete,
} from '../model/rules.ts';
import { isLowResolution } from '../../../lib/photos/limits.ts';
import { STEPS, isCreationPath, type Step } from '../model/steps.ts';
import { buildDraft, buildPhoto, draftUpTo } from './builders.ts';

const enabledFrom = (draft: ReturnType<typeof buildDraft>, current: Step) =>
  STEPS.filter((t) => breadcrumbEnabled(draft, current, t));

describe('Next is inert until the step has its selection', () => {
  it('upload: a photo, with the low-resolution question answered and (flat-lay) a garment type', () => {
    expect(canNext(buildDraft(), 'upload')).toBe(false);
    expect(canNext(buildDraft('on-model', { photos: [buildPhoto()] }), 'upload')).toBe(true);
    const small = buildPhoto({ sourceWidth: 420, sourceHeight: 360 });
    expect(canNext(buildDraft('on-model', { photos: [small] }), 'upload')).toBe(false);
    expect(
      canNext(buildDraft('on-model', { photos: [{ ...small, lowResolutionAccepted: true }] }), 'upload'),
    ).toBe(true);
    expect(canNext(buildDraft('flat-lay', { photos: [buildPhoto()] }), 'upload')).toBe(false);
    expect(canNext(buildDraft('flat-lay', { photos: [buildPhoto({ garmentType: 'top' })] }), 'upload')).toBe(
      true,
    );
  });

  it('a photo still waiting for the connection is enough to go on choosing', () => {
    const queued = buildPhoto({ upload: { state: 'queued', path: null, error: null } });
    expect(canNext(buildDraft('on-model', { photos: [queued] }), 'upload')).toBe(true);
  });

  it('models, pose and background need their choice; custom ones need words', () => {
    const d = draftUpTo('on-model', 'upload');
    expect(canNext(d, 'models')).toBe(false);
    expect(canNext({ ...d, modelId: 101 }, 'models')).toBe(true);
    expect(canNext({ ...d, modelId: CUSTOM_ID, customModel: '   ' }, 'models')).toBe(false);
    expect(canNext({ ...d, modelId: CUSTOM_ID, customModel: 'tall, red hair' }, 'models')).toBe(true);
    expect(canNext(d, 'pose')).toBe(false);
    expect(canNext({ ...d, poseId: 2 }, 'pose')).toBe(true);
    expect(canNext({ ...d, backgroundId: CUSTOM_ID, customBackground: null }, 'background')).toBe(false);
    expect(canNext({ ...d, backgroundId: 1 }, 'background')).toBe(true);
  });

  it('the summary has no Next', () => {
    expect(stepComplete(draftUpTo('on-model', 'background'), 'summary')).toBe(false);
  });
});

describe('on-model breadcrumb', () => {
  it('upload step: nothing later before a photo; then models, never pose', () => {
    expect(enabledFrom(buildDraft(), 'upload')).toEqual(['upload']);
    expect(enabledFrom(draftUpTo('on-model', 'upload'), 'upload')).toEqual(['upload', 'models']);
    expect(enabledFrom(draftUpTo('on-model', 'background'), 'upload')).toEqual([
      'upload',
      'models',
      'background',
      'summary',
    ]);
  });

  it('models step: pose, background and summary wait for a model', () => {
    expect(enabledFrom(draftUpTo('on-model', 'upload'), 'models')).toEqual(['upload', 'models']);
    expect(enabledFrom(draftUpTo('on-model', 'models'), 'models')).toEqual(['upload', 'models', 'pose']);
  });

  it('pose step: background once a pose is chosen; summary disabled', () => {
    expect(enabledFrom(draftUpTo('on-model', 'models'), 'pose')).toEqual(['upload', 'models', 'pose']);
    expect(enabledFrom(draftUpTo('on-model', 'background'), 'pose')).toEqual([
      'upload',
      'models',
      'pose',
      'background',
    ]);
  });

  it('background step: summary once a background is chosen', () => {
    expect(enabledFrom(draftUpTo('on-model', 'pose'), 'background')).toEqual([
      'upload',
      'models',
      'pose',
      'background',
    ]);
    expect(enabledFrom(draftUpTo('on-model', 'background'), 'background')).toEqual(STEPS);
  });
});

describe('mannequin: a garment type on the upload step, then the steps as on-model', () => {
  it('Next waits for the garment type of the mannequin photo', () => {
    expect(canNext(buildDraft('mannequin', { photos: [buildPhoto()] }), 'upload')).toBe(false);
    expect(
      canNext(buildDraft('mannequin', { photos: [buildPhoto({ garmentType: 'full' })] }), 'upload'),
    ).toBe(true);
  });

  it("the breadcrumb and direct URLs follow on-model's rules", () => {
    for (const upTo of ['upload', 'models', 'pose', 'background'] as const)
      for (const current of STEPS)
        expect(enabledFrom(draftUpTo('mannequin', upTo), current)).toEqual(
          enabledFrom(draftUpTo('on-model', upTo, { photos: [buildPhoto()] }), current),
        );
    expect(redirectFor(draftUpTo('mannequin', 'models'), 'summary')).toBe('pose');
    expect(redirectFor(buildDraft('mannequin', { photos: [buildPhoto()] }), 'models')).toBe('upload');
  });
});

describe('flat-lay breadcrumb', () => {
  it('only the current and earlier steps work, whatever is chosen', () => {
    const all = draftUpTo('flat-lay', 'background');
    expect(enabledFrom(all, 'upload')).toEqual(['upload']);
    expect(enabledFrom(all, 'pose')).toEqual(['upload', 'models', 'pose']);
    expect(enabledFrom(all, 'summary')).toEqual(STEPS);
  });
});

describe('direct URLs', () => {
  it('a later step redirects to the first incomplete one', () => {
    expect(redirectFor(buildDraft(), 'summary')).toBe('upload');
    expect(redirectFor(buildDraft(), 'upload')).toBeNull();
    const d = draftUpTo('on-model', 'models');
    expect(firstIncompleteStep(d)).toBe('pose');
    expect(redirectFor(d, 'background')).toBe('pose');
    expect(redirectFor(d, 'summary')).toBe('pose');
    expect(redirectFor(d, 'pose')).toBeNull();
    expect(redirectFor(d, 'upload')).toBeNull();
    expect(redirectFor(draftUpTo('on-model', 'background'), 'summary')).toBeNull();
  });

  it('the flat-lay summary goes back to the upload when model, pose or background is missing', () => {
    expect(redirectFor(draftUpTo('flat-lay', 'pose'), 'summary')).toBe('upload');
    expect(redirectFor(draftUpTo('flat-lay', 'background'), 'summary')).toBeNull();
    expect(redirectFor(draftUpTo('flat-lay', 'models'), 'background')).toBe('pose');
  });
});

describe('photos and paths', () => {
  it('warns below 500 in width or height', () => {
    expect(isLowResolution({ sourceWidth: 499, sourceHeight: 4000 })).toBe(true);
    expect(isLowResolution({ sourceWidth: 4000, sourceHeight: 499 })).toBe(true);
    expect(isLowResolution({ sourceWidth: 500, sourceHeight: 500 })).toBe(false);
  });

  it('creation routes are paths containing /onmodel/, /flatlay/ or /mannequin/', () => {
    expect(isCreationPath('/onmodel/upload')).toBe(true);
    expect(isCreationPath('/flatlay/summary')).toBe(true);
    expect(isCreationPath('/mannequin/upload')).toBe(true);
    expect(isCreationPath('/create')).toBe(false);
    expect(isCreationPath('/projects')).toBe(false);
  });
});

describe('stored drafts', () => {
  it('reads a draft of this version and refuses damaged or future ones', () => {
    const d = draftUpTo('on-model', 'pose');
    expect(readStoredDraft(JSON.parse(JSON.stringify(d)))).toEqual(d);
    expect(readStoredDraft({ ...d, version: 99 })).toBeNull();
    expect(readStoredDraft({ ...d, step: 'checkout' })).toBeNull();
    expect(readStoredDraft({ ...d, photos: [buildPhoto(), buildPhoto()] })).toBeNull();
    expect(readStoredDraft(null)).toBeNull();
    expect(readStoredDraft('draft')).toBeNull();
  });
});

describe('a custom description is sent as the server takes it', () => {
  it('one line: line breaks, tabs and control characters become one space; trimmed', () => {
    expect(customText('  tall man\n\nred beard\t\u0007 smiling \r\n')).toBe('tall man red beard smiling');
  });
  it(`at most ${CUSTOM_TEXT_MAX} characters, Greek letters counted as one`, () => {
    expect(customText('ψ'.repeat(CUSTOM_TEXT_MAX + 40))).toHaveLength(CUSTOM_TEXT_MAX);
    expect(customText('ψ'.repeat(CUSTOM_TEXT_MAX))).toBe('ψ'.repeat(CUSTOM_TEXT_MAX));
  });
});
