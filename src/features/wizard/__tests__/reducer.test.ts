// What each wizard action does to the draft (spec 2 §4 "Wizard selection").
import { describe, expect, it } from 'vitest';
import { CUSTOM_ID } from '../model/draft.ts';
import { assignGarmentType, outfitCompleteOf } from '../model/garments.ts';
import { ORIGINAL_BACKGROUND_ID, wizardReducer } from '../model/reducer.ts';
import { buildDraft, buildPhoto, draftUpTo } from './builders.ts';

describe('entering a step', () => {
  it('the pose step clears the pose, unless the seller was already there (a reload)', () => {
    const d = { ...draftUpTo('on-model', 'pose'), step: 'background' as const };
    expect(wizardReducer(d, { type: 'enterStep', step: 'pose' })).toMatchObject({
      step: 'pose',
      poseId: null,
    });
    const reloaded = { ...d, step: 'pose' as const };
    expect(wizardReducer(reloaded, { type: 'enterStep', step: 'pose' })).toBe(reloaded);
  });

  it('on-model background defaults to Original; flat-lay background is cleared', () => {
    const onModel = { ...draftUpTo('on-model', 'pose'), step: 'pose' as const };
    expect(wizardReducer(onModel, { type: 'enterStep', step: 'background' }).backgroundId).toBe(
      ORIGINAL_BACKGROUND_ID,
    );
    expect(
      wizardReducer({ ...onModel, backgroundId: 7 }, { type: 'enterStep', step: 'background' }).backgroundId,
    ).toBe(7);
    const mannequin = { ...draftUpTo('mannequin', 'pose'), step: 'pose' as const };
    expect(wizardReducer(mannequin, { type: 'enterStep', step: 'background' }).backgroundId).toBe(
      ORIGINAL_BACKGROUND_ID,
    );
    const flatLay = { ...draftUpTo('flat-lay', 'background'), step: 'pose' as const };
    expect(wizardReducer(flatLay, { type: 'enterStep', step: 'background' }).backgroundId).toBeNull();
  });
});

describe('photos', () => {
  it('takes one photo per generation', () => {
    const one = wizardReducer(buildDraft(), { type: 'addPhoto', photo: buildPhoto() });
    expect(one.photos).toHaveLength(1);
    expect(wizardReducer(one, { type: 'addPhoto', photo: buildPhoto() })).toBe(one);
  });

  it('removing the last photo clears model, pose and background', () => {
    const d = draftUpTo('on-model', 'background');
    const next = wizardReducer(d, { type: 'removePhoto', photoId: d.photos[0].id });
    expect(next).toMatchObject({
      photos: [],
      modelId: null,
      poseId: null,
      backgroundId: null,
      outfitComplete: false,
    });
  });

  it('records upload progress and the low-resolution answer', () => {
    const photo = buildPhoto({
      upload: { state: 'queued', path: null, error: null },
      sourceWidth: 300,
      sourceHeight: 300,
    });
    let d = wizardReducer(buildDraft(), { type: 'addPhoto', photo });
    d = wizardReducer(d, {
      type: 'updateUpload',
      photoId: photo.id,
      upload: { state: 'uploaded', path: 'u/1-a.jpg' },
    });
    expect(d.photos[0].upload).toEqual({ state: 'uploaded', path: 'u/1-a.jpg', error: null });
    d = wizardReducer(d, { type: 'acceptLowResolution', photoId: photo.id });
    expect(d.photos[0].lowResolutionAccepted).toBe(true);
  });
});

describe('flat-lay garment types', () => {
  it("'full' keeps only that image and completes the outfit", () => {
    const [a, b] = [buildPhoto(), buildPhoto()];
    const r = assignGarmentType([a, b], b.id, 'full');
    expect(r.photos.map((p) => [p.id, p.garmentType])).toEqual([[b.id, 'full']]);
    expect(r.removed.map((p) => p.id)).toEqual([a.id]);
    expect(r.outfitComplete).toBe(true);
  });

  it("'top' or 'bottom' gives the other image the opposite type", () => {
    const [a, b] = [buildPhoto(), buildPhoto()];
    const r = assignGarmentType([a, b], a.id, 'bottom');
    expect(r.photos.map((p) => p.garmentType)).toEqual(['bottom', 'top']);
    expect(r.outfitComplete).toBe(true);
  });

  it('one image with a top is not a complete outfit', () => {
    const d = wizardReducer(buildDraft('flat-lay', { photos: [buildPhoto()] }), {
      type: 'setGarmentType',
      photoId: '',
      garmentType: 'top',
    });
    expect(d.photos[0].garmentType).toBeNull();
    const p = buildPhoto();
    const withTop = wizardReducer(buildDraft('flat-lay', { photos: [p] }), {
      type: 'setGarmentType',
      photoId: p.id,
      garmentType: 'top',
    });
    expect(withTop).toMatchObject({ outfitComplete: false, photos: [{ garmentType: 'top' }] });
    expect(outfitCompleteOf(withTop.photos)).toBe(false);
  });
});

describe('choices', () => {
  it('a model sets its gender; a custom model commits trimmed, non-empty words', () => {
    const d = draftUpTo('on-model', 'upload');
    expect(wizardReducer(d, { type: 'selectModel', modelId: 104, gender: 'men' })).toMatchObject({
      modelId: 104,
      gender: 'men',
    });
    expect(wizardReducer(d, { type: 'setCustomModel', text: '  \n ', gender: 'women' })).toBe(d);
    expect(
      wizardReducer(d, { type: 'setCustomModel', text: '  Tall, short grey hair \n', gender: 'men' }),
    ).toMatchObject({
      modelId: CUSTOM_ID,
      customModel: 'Tall, short grey hair',
      gender: 'men',
    });
  });

  it('exactly one pose is selected', () => {
    let d = draftUpTo('on-model', 'models');
    d = wizardReducer(d, { type: 'selectPose', poseId: 1 });
    d = wizardReducer(d, { type: 'selectPose', poseId: 3 });
    expect(d.poseId).toBe(3);
  });

  it('a custom background commits trimmed, non-empty words', () => {
    const d = draftUpTo('on-model', 'pose');
    expect(wizardReducer(d, { type: 'setCustomBackground', text: ' rooftop at dusk ' })).toMatchObject({
      backgroundId: CUSTOM_ID,
      customBackground: 'rooftop at dusk',
    });
  });

  it('the project name is trimmed; an empty one leaves naming to the server', () => {
    const d = draftUpTo('on-model', 'background');
    expect(wizardReducer(d, { type: 'rename', name: '  Linen shirt ' }).projectName).toBe('Linen shirt');
    expect(wizardReducer(d, { type: 'rename', name: '   ' }).projectName).toBeNull();
  });

  it('reset starts an empty draft of the same flow', () => {
    const d = wizardReducer(draftUpTo('flat-lay', 'background', { gender: 'men' }), { type: 'reset' });
    expect(d).toMatchObject({ flow: 'flat-lay', step: 'upload', photos: [], modelId: null, gender: 'men' });
  });
});
