// The wizard names the language on screen to the server (start_generation / quote_generation
// `locale`), so a project left unnamed is named in it ('Έργο χωρίς τίτλο' in Greek).
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppSupabaseClient } from '../../../lib/supabase.ts';
import { fetchGenerationQuote, generationArgs, wizardKeys } from '../api.ts';
import { draftUpTo } from './builders.ts';

const showing = (locale: string) => i18n.loadAndActivate({ locale, messages: {} });

afterEach(() => showing('en'));

describe('the language the wizard sends', () => {
  it('start_generation gets the language on screen', () => {
    showing('el');
    expect(generationArgs(draftUpTo('on-model', 'background'), false).locale).toBe('el');
    showing('en');
    expect(generationArgs(draftUpTo('on-model', 'background'), false).locale).toBe('en');
  });

  it('the quote asks in that language, and its cache is kept per language', async () => {
    showing('el');
    const rpc = vi.fn().mockResolvedValue({
      data: {
        images: 1,
        creditsPerImage: 1,
        creditsNeeded: 1,
        creditsRemaining: 2,
        enough: true,
        plan: 'free',
        suggestedName: 'Έργο χωρίς τίτλο',
      },
      error: null,
    });
    const quote = await fetchGenerationQuote({ rpc } as unknown as AppSupabaseClient, 'on-model', 1, 1);
    expect(rpc).toHaveBeenCalledWith('quote_generation', expect.objectContaining({ locale: 'el' }));
    expect(quote.suggestedName).toBe('Έργο χωρίς τίτλο');
    expect(wizardKeys.quote('u', 'on-model', 1, 1)).not.toEqual(
      wizardKeys.quote('u', 'on-model', 1, 1, 'en'),
    );
  });
});
