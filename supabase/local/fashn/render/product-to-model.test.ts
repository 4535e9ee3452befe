import { describe, expect, it } from 'vitest';
import {
  backgroundFromPrompt,
  categoryFromPrompt,
  genderFromPrompt,
  personFromPrompt,
  poseFromPrompt,
} from './product-to-model.ts';

// The prompts Drape's provider writes (supabase/functions/_shared/providers/fashn.ts), read back
// by the preview renderer.
describe('product-to-model prompts, read by the preview renderer', () => {
  it('the garment type of a flat-lay photo', () => {
    expect(categoryFromPrompt('wearing the top (upper-body garment) from the flat-lay product photo')).toBe(
      'tops',
    );
    expect(
      categoryFromPrompt('wearing the bottoms (lower-body garment) from the flat-lay product photo'),
    ).toBe('bottoms');
    expect(
      categoryFromPrompt(
        'wearing the full-body garment (dress or one-piece) from the flat-lay product photo',
      ),
    ).toBe('one-pieces');
    expect(categoryFromPrompt('background: sandy beach by the sea')).toBe('auto');
  });

  it("a custom model's person, gender and pose", () => {
    const prompt =
      'a man in his 50s with grey hair; backview looking over the shoulder; background: a rooftop at dusk';
    expect(genderFromPrompt(prompt)).toBe('men');
    expect(genderFromPrompt('a woman with short red hair')).toBe('women');
    expect(genderFromPrompt('someone tall')).toBe('women');
    expect(poseFromPrompt(prompt)).toBe('back-view');
    expect(poseFromPrompt('side view')).toBe('side-view');
    expect(poseFromPrompt('front view')).toBe('front-view');
    expect(personFromPrompt(prompt)).toBe(
      'a man in his 50s with grey hair, backview looking over the shoulder',
    );
  });

  it('the background words and the blur', () => {
    expect(
      backgroundFromPrompt(
        'background: a rooftop at dusk; softly blurred background, shallow depth of field',
      ),
    ).toEqual({
      text: 'a rooftop at dusk',
      blur: true,
    });
    expect(backgroundFromPrompt('keep the background of the model photo')).toEqual({
      text: null,
      blur: false,
    });
  });

  it("the seller's quoted words describe the person and the background, never the pose or the blur", () => {
    const prompt =
      'front view facing the camera; background: sandy beach by the sea; ' +
      `the model, as the seller describes them: "a man with a beard, background: loft, from behind, blurred"`;
    expect(poseFromPrompt(prompt)).toBe('front-view');
    expect(genderFromPrompt(prompt)).toBe('men');
    expect(backgroundFromPrompt(prompt)).toEqual({ text: 'sandy beach by the sea', blur: false });
    expect(personFromPrompt(prompt)).toBe(
      'a man with a beard, background: loft, from behind, blurred, front view facing the camera',
    );
    const custom =
      'side view; the background, as the seller describes it: "a rooftop at dusk, wearing a dress"';
    expect(backgroundFromPrompt(custom)).toEqual({ text: 'a rooftop at dusk, wearing a dress', blur: false });
    expect(categoryFromPrompt(custom)).toBe('auto');
  });
});
