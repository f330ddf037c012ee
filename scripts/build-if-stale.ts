// `npm start` and `npm run bench` must work on a fresh clone without a separate build step, yet a
// second start should not pay for a rebuild. The bundles depend only on the files listed here, so a
// fingerprint of their paths, sizes and modification times decides whether rollup runs.

import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const BUILD_INPUTS = ['core', 'ui', 'sdk', 'iframe-app', 'member-app', 'rollup.config.mjs', 'package-lock.json', 'tsconfig.json'];
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
  log('Building bundles (sdk, iframe-app, member-app)...');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`The bundle build failed (rollup exited with ${result.status ?? result.signal}).`);
  writeFileSync(stampPath, fingerprint);
  return { built: true, ms: Date.now() - started };
}
