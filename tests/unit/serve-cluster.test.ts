// PROCESSES=N for `npm start` (scripts/serve-cluster.ts): the number read from the environment, the refusal
// to run several processes on PGlite (which belongs to one process), and, on PostgreSQL, two real server
// processes on one port, one of them killed and replaced.

import cluster from 'node:cluster';
import { describe, expect, it } from 'vitest';
import { clusterProblem, MAX_PROCESSES, processCount, startCluster } from '../../scripts/serve-cluster.ts';
import { readEnv } from '../../server/env.ts';
import { withFreshPostgres } from '../bench/fresh-postgres.ts';
import { sleep } from './processes-kit.ts';

const url = process.env.DATABASE_URL;
const PORT = 8569;

describe('PROCESSES', () => {
  it.each([
    ['unset is one process', undefined, { ok: true, count: 1 }],
    ['empty is one process', '', { ok: true, count: 1 }],
    ['a whole number is that many', '3', { ok: true, count: 3 }],
    ['the most allowed', String(MAX_PROCESSES), { ok: true, count: MAX_PROCESSES }],
  ])('%s', (_name, value, expected) => {
    expect(processCount(value)).toEqual(expected);
  });

  it.each([['zero', '0'], ['more than the most', String(MAX_PROCESSES + 1)], ['a fraction', '2.5'], ['a word', 'three'], ['a negative', '-2']])('%s is refused, saying what is expected', (_name, value) => {
    const parsed = processCount(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toBe(`PROCESSES must be a whole number from 1 to ${MAX_PROCESSES}, got '${value}'`);
  });

  it('several processes on PGlite are refused with what to set instead', () => {
    expect(clusterProblem({ DATABASE_URL: undefined }, 2)).toMatch(/^PROCESSES=2 needs DATABASE_URL: the embedded PGlite database belongs to one process/);
  });

  it.each([
    ['one process on PGlite', undefined, 1],
    ['several processes on PostgreSQL', 'postgres://postgres@127.0.0.1:5432/paykit', 4],
  ])('%s is fine', (_name, url, count) => {
    expect(clusterProblem({ DATABASE_URL: url }, count)).toBeNull();
  });
});

describe('PROCESSES=2 on PostgreSQL', () => {
  if (!url) console.log('serve-cluster.test.ts: the two-process case skipped: DATABASE_URL is unset');

  it.skipIf(!url)('two server processes answer on one port, and one killed is replaced', async () => {
    await withFreshPostgres(url!, async (databaseUrl) => {
      const source = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), SHOP_PORT: '8561', HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${PORT}`, LOG_LEVEL: 'warn', TEST_NETWORK_BLOCK_MS: '0' };
      const env = readEnv(source);
      if (!env.ok) throw new Error(env.problems.join('\n'));
      const lines: string[] = [];
      const running = await startCluster(env.value, 2, source, (line) => lines.push(line));
      try {
        expect(running.workers()).toBe(2);
        for (let i = 0; i < 4; i += 1) expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
        const victim = Object.values(cluster.workers ?? {})[0]!;
        victim.process.kill('SIGKILL');
        for (let waited = 0; lines.every((line) => !line.includes('starting a replacement')) && waited < 100; waited += 1) await sleep(100);
        expect(lines.join('\n')).toContain(`A server process (pid ${victim.process.pid}) exited (SIGKILL); starting a replacement.`);
        for (let waited = 0; running.workers() < 2 && waited < 300; waited += 1) await sleep(100);
        expect(running.workers()).toBe(2);
        expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
      } finally {
        await running.close();
      }
      expect(running.workers()).toBe(0);
    });
  }, 120_000);
});
