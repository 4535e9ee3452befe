import { describe, expect, it } from 'vitest';
import { createFashnEditor, editorFromEnv, editRequest } from './fashn-edit.ts';
import { ProviderError } from './types.ts';

const env = (vars: Record<string, string>) => (name: string) => vars[name];

describe("FASHN's edit model", () => {
  it('sends the picture, the drawing as the mask and the description in the prompt', () => {
    const r = editRequest('https://x/picture.png', 'data:image/png;base64,AAA', '  Remove\nthe tag ');
    expect(r).toEqual({
      model_name: 'edit',
      inputs: {
        image: 'https://x/picture.png',
        mask: 'data:image/png;base64,AAA',
        prompt: expect.stringMatching(/marked region.*: Remove the tag$/),
        output_format: 'png',
      },
    });
  });

  it('is set up for FASHN with a key and for the local stand-in, not for the webhook workflow', () => {
    expect(editorFromEnv(env({ GENERATION_PROVIDER: 'fashn', FASHN_API_KEY: 'k' })).editor?.name).toBe(
      'fashn',
    );
    expect(editorFromEnv(env({ GENERATION_PROVIDER: 'fashn' }))).toEqual({
      editor: null,
      reason: 'FASHN_API_KEY is not set',
    });
    expect(editorFromEnv(env({ SUPABASE_URL: 'http://127.0.0.1:54321' })).editor?.name).toBe('local');
    expect(editorFromEnv(env({ GENERATION_PROVIDER: 'webhook' })).editor).toBeNull();
  });

  it('posts model_name edit through the SDK and reads its status', async () => {
    const seen: { url: string; body: unknown }[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      seen.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.endsWith('/v1/run')) return Response.json({ id: 'p1', error: null });
      return Response.json({ id: 'p1', status: 'completed', output: ['https://cdn/x.png'], error: null });
    };
    const editor = createFashnEditor({ name: 'fashn', baseUrl: 'https://api.test', apiKey: 'k', fetch });
    expect(await editor.start(editRequest('https://x/p.png', 'data:m', 'fix it'))).toBe('p1');
    expect(seen[0]).toMatchObject({ url: 'https://api.test/v1/run', body: { model_name: 'edit' } });
    expect(await editor.status('p1')).toEqual({ state: 'completed', outputs: ['https://cdn/x.png'] });
  });

  it('turns a refusal of FASHN into a provider error', async () => {
    const fetch = async () =>
      Response.json({ error: { name: 'BadRequest', message: 'inputs.prompt is required' } }, { status: 400 });
    const editor = createFashnEditor({ name: 'fashn', baseUrl: 'https://api.test', apiKey: 'k', fetch });
    await expect(editor.start(editRequest('a', 'b', 'c'))).rejects.toBeInstanceOf(ProviderError);
  });
});
