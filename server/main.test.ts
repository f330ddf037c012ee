import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
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
      expect(await get(`${base}/healthz`, 'localhost')).toEqual({ status: 200, body: '{"status":"ok","db":"ok"}' });
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
