import { describe, expect, it } from 'vitest';
import { createPayKit, loadPayKit } from './index.ts';

describe('the ESM entry', () => {
  it('loadPayKit resolves null where there is no DOM (server rendering), touching nothing', async () => {
    await expect(loadPayKit({ origin: 'https://pay.example.com' })).resolves.toBeNull();
  });

  it.each([
    ['a path', 'https://pay.example.com/sdk', 'https://pay.example.com'],
    ['a trailing slash', 'https://pay.example.com/', 'https://pay.example.com'],
  ])('createPayKit refuses an origin with %s and names the fix', (_, origin, fix) => {
    expect(() => createPayKit({ origin })).toThrow(`use "${fix}"`);
  });

  it('createPayKit accepts a bare origin and does nothing until open is called', () => {
    expect(typeof createPayKit({ origin: 'https://pay.example.com' }).open).toBe('function');
  });
});
