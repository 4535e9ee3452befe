import { describe, expect, it } from 'vitest';
import { moveForPrompt } from './video.ts';

describe('moveForPrompt', () => {
  it('picks the camera move of each catalogue video style from its prompt', () => {
    // the prompts of public.video_styles (supabase/migrations/20261122000200_reference_data.sql)
    expect(moveForPrompt('slow camera zoom in on the garment')).toBe('zoom-in');
    expect(moveForPrompt('cinematic camera move around the product')).toBe('pan');
    expect(moveForPrompt('model moves naturally, casual lifestyle')).toBe('sway');
    expect(moveForPrompt('model turns 360 degrees')).toBe('turn');
    expect(moveForPrompt('model walks towards the camera as on a runway')).toBe('push-in');
  });

  it('falls back to a zoom for no prompt or words it does not know', () => {
    expect(moveForPrompt(undefined)).toBe('zoom-in');
    expect(moveForPrompt('raising hand to touch face')).toBe('zoom-in');
  });
});
