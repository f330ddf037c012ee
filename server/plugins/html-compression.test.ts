import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFakeDist, testDatabases, useTestApp } from '../test-helper.ts';
import { COMPRESSION_THRESHOLD_BYTES, isCompressedRoute } from './html-compression.ts';

const DECODE: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliDecompressSync(bytes),
  gzip: (bytes) => gunzipSync(bytes),
};

/** An API answer well over the threshold, as a list endpoint would give. */
const largeApiAnswer: FastifyPluginAsync = async (app) => {
  app.get('/v1/large-answer-for-test', async () => ({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, label: `item number ${i}` })) }));
};

describe('which routes are compressed per response', () => {
  it.each([
    { url: '/sys-wallets/*', compressed: true },
    { url: '/sys-widget', compressed: true },
    { url: '/sys-markets/prices', compressed: true },
    { url: '/docs', compressed: true },
    { url: '/docs/openapi.json', compressed: true },
    { url: '/dev/outbox', compressed: true },
    { url: '/v1/config', compressed: false },
    { url: '/mapi/api/transaction', compressed: false },
    { url: '/healthz', compressed: false },
    { url: '/static/member-app/*', compressed: false },
    { url: '/sdk/*', compressed: false },
    { url: '/', compressed: false },
  ])('$url: $compressed', ({ url, compressed }) => {
    expect(isCompressedRoute(url)).toBe(compressed);
  });
});

describe.each(testDatabases())('HTML compression on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  const t = useTestApp(name, { distDir: dist.dir, extraRoutes: largeApiAnswer });

  it.each([
    { url: '/sys-wallets/login', accept: 'gzip, deflate, br, zstd', sent: 'br' },
    { url: '/sys-wallets/login', accept: 'gzip', sent: 'gzip' },
    { url: '/sys-widget/home', accept: 'br', sent: 'br' },
    { url: '/sys-blocked/country', accept: 'br, gzip', sent: 'br' },
    { url: '/docs/openapi.json', accept: 'br, gzip', sent: 'br' },
  ])('the page $url asked with "$accept" is sent as $sent and decodes to the plain page', async ({ url, accept, sent }) => {
    const plain = await t.app.inject({ url, headers: { host: 'localhost' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const compressed = await t.app.inject({ url, headers: { host: 'localhost', 'accept-encoding': accept } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(sent);
    expect(String(compressed.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect((DECODE[sent] as (bytes: Buffer) => Buffer)(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('the shell keeps its own Vary names beside Accept-Encoding', async () => {
    const response = await t.app.inject({ url: '/sys-wallets/login', headers: { host: 'localhost', 'accept-encoding': 'br' } });
    expect(String(response.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['accept-language', 'cookie', 'accept-encoding']));
  });

  it('a page under 1 KB (the API reference loader) is sent plain', async () => {
    const response = await t.app.inject({ url: '/docs', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('an API answer over 1 KB is sent plain even to a client that accepts Brotli', async () => {
    const response = await t.app.inject({ url: '/v1/large-answer-for-test', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().items).toHaveLength(100);
  });
});
