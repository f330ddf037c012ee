// `npm test`: every check the project has, in the order that fails fastest, with one closing line
// "N passed, N failed" that adds up every runner's counts (CI reads that line).
//   1. type-check (tsc)          one check
//   2. bundle build              one check (size-limit and the browser specs need dist/)
//   3. vitest                    unit + server integration tests (PGlite; PostgreSQL too when DATABASE_URL is set)
//   4. size-limit                one check per budget
//   5. Playwright                end-to-end specs in Debian's Chromium
// A runner that crashes without a report counts as one failure, so a broken runner can never look green.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.ts';
import { playwrightFailures, vitestFailures, type VitestReport } from './failure-list.ts';

const root = join(import.meta.dirname, '..');
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
}

const tallies: Tally[] = [];
const failures: string[] = [];
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): { status: number; stdout: string } {
  console.log(`\n=== ${name}: ${[command.split('/').pop(), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  return { status: result.status ?? 1, stdout: '' };
}

function timed(name: string, step: () => Omit<Tally, 'name' | 'seconds'>): void {
  const started = Date.now();
  let counts: Omit<Tally, 'name' | 'seconds'>;
  try {
    counts = step();
  } catch (error) {
    console.error(`${name} could not run: ${(error as Error).message}`);
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  tallies.push({ name, ...counts, seconds: Math.round((Date.now() - started) / 100) / 10 });
}

function readJson<T>(path: string): T | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

timed('typecheck', () => {
  const { status } = run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  return status === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
});

timed('build', () => {
  console.log('\n=== build: rollup (skipped when nothing changed)');
  buildIfStale(root);
  return { passed: 1, failed: 0, skipped: 0 };
});

timed('vitest', () => {
  const report = join(out, 'vitest.json');
  rmSync(report, { force: true });
  const { status } = run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  const json = readJson<VitestReport & { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests?: number; numFailedTestSuites?: number }>(report);
  if (!json) return { passed: 0, failed: 1, skipped: 0 };
  failures.push(...vitestFailures(json));
  // A suite that fails to load has no failed tests but must still fail the run.
  const brokenSuites = status !== 0 && json.numFailedTests === 0 ? Math.max(1, json.numFailedTestSuites ?? 0) : 0;
  return { passed: json.numPassedTests, failed: json.numFailedTests + brokenSuites, skipped: json.numPendingTests + (json.numTodoTests ?? 0) };
});

timed('size-limit', () => {
  const report = join(out, 'size-limit.json');
  const result = spawnSync(bin('size-limit'), ['--json'], { cwd: root, encoding: 'utf8' });
  const entries = (() => {
    try {
      return JSON.parse(result.stdout) as { name: string; passed: boolean; size: number; sizeLimit?: number }[];
    } catch {
      return null;
    }
  })();
  console.log('\n=== size-limit');
  if (!entries) {
    console.error(result.stdout, result.stderr);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  for (const e of entries) console.log(`${e.passed ? 'ok  ' : 'FAIL'} ${e.name}: ${e.size} B gzip (limit ${e.sizeLimit ?? '?'} B)`);
  void report;
  const failed = entries.filter((e) => !e.passed).length;
  return { passed: entries.length - failed, failed, skipped: 0 };
});

timed('playwright', () => {
  const report = join(out, 'playwright.json');
  rmSync(report, { force: true });
  run('playwright', bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[]; suites?: Parameters<typeof playwrightFailures>[0] }>(report);
  if (!json) return { passed: 0, failed: 1, skipped: 0 };
  failures.push(...playwrightFailures(json.suites));
  // Global errors (the web server did not start, a spec failed to compile) have no test to blame.
  const globalErrors = json.errors?.length ?? 0;
  return { passed: json.stats.expected, failed: json.stats.unexpected + json.stats.flaky + globalErrors, skipped: json.stats.skipped };
});

const total = tallies.reduce((sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});

if (failures.length > 0) {
  console.log('\n=== failed tests');
  for (const line of failures) console.log(line);
}

console.log('\n=== summary');
console.table(tallies);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
