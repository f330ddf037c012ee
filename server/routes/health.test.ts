import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('GET /healthz on $name', ({ name }) => {
  const t = useTestApp(name, { seed: false });

  it('answers ok when the database answers', async () => {
    const responses = await Promise.all([1, 2, 3].map(() => t.app.inject({ url: '/healthz' })));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers 503 db down once the database is gone', async () => {
    await t.database.close();
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', db: 'down' });
    expect(t.logs.text()).toContain('health check: the database did not answer');
  });
});
