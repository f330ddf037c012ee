// The built files are sent Brotli- or gzip-compressed by negotiation, from the copies the build wrote
// beside them (ui/build/precompress.mjs), and always decode to the plain file: pay.js keeps the
// integrity hash the platform publishes whatever encoding the browser is sent.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sdkConfigs from '../../sdk/build.mjs';
import { precompressFile } from '../../ui/build/precompress.mjs';
import { makeFakeDist, testDatabases, useTestApp } from '../test-helper.ts';

/** Text that compresses like a real bundle (repetitive, a few KB), unlike the fake dist's one-liners. */
const chunkText = (name: string) =>
  Array.from({ length: 120 }, (_, i) => `export const ${name}${i} = (value) => value.map((item) => item.amount_minor * ${i}).filter(Boolean);`).join('\n');

const DECODE: Record<string, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliDecompressSync(bytes),
  gzip: (bytes) => gunzipSync(bytes),
  identity: (bytes) => bytes,
};

/** Builds the real pay.js with the SDK's own rollup config (minifier, SRI and compression plugins) into dir/sdk. */
async function buildPayJs(distDir: string): Promise<void> {
  const payConfig = sdkConfigs[0];
  if (!payConfig || Array.isArray(payConfig.output) || !payConfig.output) throw new Error('sdk/build.mjs: the first config is pay.js');
  const bundle = await rollup(payConfig);
  try {
    await bundle.write({ ...payConfig.output, dir: join(distDir, 'sdk', 'v1') });
  } finally {
    await bundle.close();
  }
}

describe.each(testDatabases())('compressed static files on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  const plain = (path: string) => readFileSync(join(dist.dir, path));

  beforeAll(async () => {
    writeFileSync(join(dist.dir, 'member-app/chunk-ccc333.js'), chunkText('member'));
    writeFileSync(join(dist.dir, 'iframe-app/main-ddd444.js'), chunkText('iframe'));
    writeFileSync(join(dist.dir, 'iframe-app/app-eee555.css'), Array.from({ length: 80 }, (_, i) => `.row-${i}{margin:${i}px;color:var(--color-primary)}`).join('\n'));
    await buildPayJs(dist.dir);
    for (const file of ['member-app/chunk-ccc333.js', 'iframe-app/main-ddd444.js', 'iframe-app/app-eee555.css']) await precompressFile(join(dist.dir, file));
    // A build interrupted between its two copies: only the gzip one exists.
    rmSync(join(dist.dir, 'iframe-app/main-ddd444.js.br'));
  }, 60_000);
  const t = useTestApp(name, { distDir: dist.dir, seed: false });

  const cases = [
    { url: '/sdk/v1/pay.js', file: 'sdk/v1/pay.js', cache: 'public, max-age=300', type: /javascript/ },
    { url: '/static/member-app/chunk-ccc333.js', file: 'member-app/chunk-ccc333.js', cache: 'public, max-age=31536000, immutable', type: /javascript/ },
    { url: '/static/iframe-app/app-eee555.css', file: 'iframe-app/app-eee555.css', cache: 'public, max-age=31536000, immutable', type: /^text\/css/ },
  ];
  const encodings = [
    { accept: 'gzip, deflate, br, zstd', sent: 'br' },
    { accept: 'br', sent: 'br' },
    { accept: 'gzip', sent: 'gzip' },
    { accept: 'br;q=0, gzip', sent: 'gzip' },
    { accept: 'identity', sent: 'identity' },
    { accept: undefined, sent: 'identity' },
  ];

  it.each(cases.flatMap((file) => encodings.map((encoding) => ({ ...file, ...encoding }))))(
    '$url asked with accept-encoding "$accept" is sent as $sent, decodes to the built file and is cached as "$cache"',
    async ({ url, file, cache, type, accept, sent }) => {
      const response = await t.app.inject({ url, headers: accept === undefined ? {} : { 'accept-encoding': accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(sent === 'identity' ? undefined : sent);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toMatch(type);
      expect(response.headers['cache-control']).toBe(cache);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const decode = DECODE[sent] as (bytes: Buffer) => Buffer;
      expect(decode(response.rawPayload).equals(plain(file))).toBe(true);
      if (sent !== 'identity') expect(response.rawPayload.length).toBeLessThan(plain(file).length);
    },
  );

  it.each(['br', 'gzip', 'identity'])('pay.js sent as %s decodes to the bytes whose hash GET /v1/sdk publishes', async (sent) => {
    const published = (await t.app.inject({ url: '/v1/sdk' })).json().request_details.integrity as string;
    const response = await t.app.inject({ url: '/sdk/v1/pay.js', headers: { 'accept-encoding': sent } });
    expect(response.headers['content-encoding']).toBe(sent === 'identity' ? undefined : sent);
    const decoded = (DECODE[sent] as (bytes: Buffer) => Buffer)(response.rawPayload);
    expect(`sha384-${createHash('sha384').update(decoded).digest('base64')}`).toBe(published);
  });

  it('a file without its Brotli copy falls back to gzip, and to the plain file for a Brotli-only client', async () => {
    const gzipped = await t.app.inject({ url: '/static/iframe-app/main-ddd444.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(plain('iframe-app/main-ddd444.js'))).toBe(true);
    const brOnly = await t.app.inject({ url: '/static/iframe-app/main-ddd444.js', headers: { 'accept-encoding': 'br' } });
    expect(brOnly.statusCode).toBe(200);
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.rawPayload.equals(plain('iframe-app/main-ddd444.js'))).toBe(true);
  });

  it('a file too small to gain from compression has no copies (an older copy is removed) and is sent plain', async () => {
    // 'export {};\n': 11 bytes, 15 as Brotli, 31 as gzip.
    writeFileSync(join(dist.dir, 'markets-app/main-fff666.js.br'), 'a copy of older content');
    await precompressFile(join(dist.dir, 'markets-app/main-fff666.js'));
    const response = await t.app.inject({ url: '/static/markets-app/main-fff666.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });

  it.each(['/sdk/v1/pay.js.br', '/sdk/v1/pay.js.gz', '/static/member-app/chunk-ccc333.js.br', '/static/iframe-app/app-eee555.css.gz'])(
    'the compressed copy %s is not a URL of its own',
    async (url) => {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(404);
    },
  );
});
