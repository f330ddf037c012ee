import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrationCommand, startServer } from './main.ts';
import { testEnv } from './test-helper.ts';

/** A real HTTP request with a chosen Host header (fetch does not let a caller set Host). */
function get(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startServer on a PGlite data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paykit-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = testEnv({ PORT: 0, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

  // initdb of a data directory on disk takes 3 to 8 s on a busy 2-core machine, hence the longer timeout.
  it('migrates, seeds, serves, closes the database cleanly, and a second start reuses the data', async () => {
    const first = await startServer(env, { logger: false });
    let firstClosed = false;
    try {
      expect(first.dialect).toBe('pglite');
      expect(first.database).toBe(`PGlite in ${dataDir}`);
      expect(first.migrations.length).toBeGreaterThan(0);
      expect(first.seed.merchant.secretKey).toMatch(/^sk_test_/);
      const base = first.listeningOn;
      expect(await get(`${base}/healthz`, 'localhost')).toEqual({ status: 200, body: '{"status":"ok","db":"ok","chains":"ok"}' });
      const config = await get(`${base}/v1/config`, 'wl2.localhost');
      expect(JSON.parse(config.body).request_details.configuration.label_name).toBe('Harbor Coin');
      await first.close();
      firstClosed = true;
      await expect(first.db.db.selectFrom('providers').selectAll().execute()).rejects.toThrow();
    } finally {
      if (!firstClosed) await first.close();
    }

    const second = await startServer(env, { logger: false });
    try {
      expect(second.migrations).toEqual([]);
      expect(second.seed.member.created).toBe(false);
      expect(second.seed.merchant.secretKey).toBeNull();
      expect(second.seed.member.clientId).toBe(first.seed.member.clientId);
    } finally {
      await second.close();
      await second.close();
    }

    expect(await runMigrationCommand(env, 'status')).toEqual(first.migrations);
  }, 60_000);
});

/** A port nothing listens on now (the OS picks it; it is closed again at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('startServer with beforeListen (npm start: the bundle build)', () => {
  it('opens its port only once beforeListen resolves', async () => {
    const port = await freePort();
    const env = testEnv({ PORT: port, HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
    let refusedWhileWaiting: unknown;
    const platform = await startServer(env, {
      logger: false,
      beforeListen: async () => {
        refusedWhileWaiting = await get(`http://127.0.0.1:${port}/healthz`, 'localhost').catch((error: NodeJS.ErrnoException) => error.code);
      },
    });
    try {
      expect(refusedWhileWaiting).toBe('ECONNREFUSED');
      expect((await get(`http://127.0.0.1:${port}/healthz`, 'localhost')).status).toBe(200);
    } finally {
      await platform.close();
    }
  }, 60_000);

  it('never opens its port when beforeListen fails, and rejects with its error', async () => {
    const port = await freePort();
    const env = testEnv({ PORT: port, HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
    await expect(startServer(env, { logger: false, beforeListen: () => Promise.reject(new Error('The bundle build failed (exit 1).')) })).rejects.toThrow('The bundle build failed');
    await expect(get(`http://127.0.0.1:${port}/healthz`, 'localhost')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  }, 60_000);
});
