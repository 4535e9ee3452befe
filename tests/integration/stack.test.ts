import { describe, expect, it } from 'vitest';
import { stack } from '../support/clients.ts';

describe('local stack', () => {
  it('answers on its root with CORS for another origin', async () => {
    const res = await fetch(`${stack().url}/`, { headers: { Origin: 'http://localhost:3000' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('answers preflights echoing the requested headers', async () => {
    const res = await fetch(`${stack().url}/rest/v1/projects`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization, apikey, prefer, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'authorization, apikey, prefer, x-client-info',
    );
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });
});
