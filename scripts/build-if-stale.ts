// `npm start` and `npm run bench` must work on a fresh clone without a separate build step, yet a
// second start should not pay for a rebuild. The bundles depend only on the files listed here, so a
// fingerprint of their paths, sizes and modification times decides whether rollup runs.

import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const BUILD_INPUTS = ['core', 'ui', 'sdk', 'iframe-app', 'member-app', 'markets-app', 'rollup.config.mjs', 'package-lock.json', 'tsconfig.json'];
const STAMP = join('dist', '.build-stamp');

export function inputsFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) walk(join(root, input), (file, size, mtimeMs) => {
    hash.update(`${relative(root, file)}\0${size}\0${mtimeMs}\n`);
  });
  return hash.digest('hex');
}

function walk(path: string, visit: (file: string, size: number, mtimeMs: number) => void): void {
  if (!existsSync(path)) return;
  const stat = statSync(path);
  if (stat.isFile()) {
    // Tests do not change the bundles; skipping them keeps editing a test from forcing a rebuild.
    if (!/\.test\.tsx?$/.test(path)) visit(path, stat.size, stat.mtimeMs);
    return;
  }
  for (const name of readdirSync(path).sort()) walk(join(path, name), visit);
}

export interface BuildOutcome {
  built: boolean;
  ms: number;
}

/** Runs rollup when the inputs changed since the last successful build; throws when rollup fails. */
export function buildIfStale(root: string, log: (line: string) => void = console.log): BuildOutcome {
  const started = Date.now();
  const fingerprint = inputsFingerprint(root);
  const stampPath = join(root, STAMP);
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === fingerprint) return { built: false, ms: 0 };
  log('Building bundles (sdk, iframe-app, member-app, markets-app), in parallel...');
  // scripts/build-bundles.mjs runs one rollup process per bundle; it prints each one's time, and a failed one's output.
  const result = spawnSync(process.execPath, [join(root, 'scripts/build-bundles.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`The bundle build failed (exit ${result.status ?? result.signal}).`);
  writeFileSync(stampPath, fingerprint);
  return { built: true, ms: Date.now() - started };
}

export interface StartedBuild {
  /** Whether a build runs (false: the bundles were current). */
  building: boolean;
  /** Resolves when the bundles are written (and the stamp with them); rejects when the build fails. */
  done: Promise<BuildOutcome>;
}

/**
 * buildIfStale without blocking: `npm start` opens, migrates and seeds the database while rollup
 * runs, and opens its port only once `done` resolves, so no page is ever served without its bundles.
 */
export function startBuildIfStale(root: string, log: (line: string) => void = console.log): StartedBuild {
  const started = Date.now();
  const fingerprint = inputsFingerprint(root);
  const stampPath = join(root, STAMP);
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === fingerprint) return { building: false, done: Promise.resolve({ built: false, ms: 0 }) };
  log('Building bundles (sdk, iframe-app, member-app, markets-app), in parallel, while the database starts...');
  const done = new Promise<BuildOutcome>((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts/build-bundles.mjs')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    // npm start may fail before the build ends (a port in use): the build does not outlive it.
    const stop = () => child.kill();
    process.once('exit', stop);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.off('exit', stop);
      if (code !== 0) return reject(new Error(`The bundle build failed (exit ${code ?? signal}).`));
      writeFileSync(stampPath, fingerprint);
      resolve({ built: true, ms: Date.now() - started });
    });
  });
  return { building: true, done };
}
