#!/usr/bin/env node
// `npm run build`: every bundle of rollup.config.mjs, each group in its own rollup process, all at
// once. One rollup process builds its configs one after another on one core, and the minifier and
// the type roll-up are JavaScript, so separate processes are what lets a second core help.
// A group that fails prints its output and fails the build; the others still finish.
//   node scripts/build-bundles.mjs            all groups
//   node scripts/build-bundles.mjs sdk        one (or several) of BUNDLE_GROUPS
//
// Plain JavaScript, like supported-node.mjs: scripts/build-if-stale.ts runs it as a child process.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** Largest first: the member app takes longest, so it starts first. Names as in rollup.config.mjs. */
export const BUNDLE_GROUPS = ['member-app', 'markets-app', 'iframe-app', 'sdk', 'sdk-types'];

/**
 * @typedef {{ group: string, ok: boolean, ms: number, output: string }} GroupResult
 */

/**
 * Runs one rollup process per group, concurrently; resolves when all have ended.
 * @param {{ root: string, groups?: string[], env?: NodeJS.ProcessEnv, log?: (line: string) => void }} options
 * @returns {Promise<{ ok: boolean, ms: number, results: GroupResult[] }>}
 */
export async function buildBundles({ root, groups = BUNDLE_GROUPS, env = process.env, log = console.log }) {
  const started = Date.now();
  const rollupBin = join(root, 'node_modules/rollup/dist/bin/rollup');
  const results = await Promise.all(
    groups.map(
      (group) =>
        new Promise((resolve) => {
          const groupStarted = Date.now();
          const child = spawn(process.execPath, [rollupBin, '-c', '--silent'], {
            cwd: root,
            env: { NODE_ENV: 'production', ...env, BUNDLE: group },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (data) => (output += data));
          child.stderr.on('data', (data) => (output += data));
          const done = (/** @type {boolean} */ ok, /** @type {string} */ extra = '') => {
            const result = { group, ok, ms: Date.now() - groupStarted, output: output + extra };
            log(`  ${ok ? 'built ' : 'FAILED'} ${group.padEnd(12)} ${(result.ms / 1000).toFixed(1)} s`);
            if (!ok) log(result.output.replace(/^/gm, `  [${group}] `));
            resolve(result);
          };
          child.on('error', (error) => done(false, error.message));
          child.on('close', (code, signal) => done(code === 0, code === 0 ? '' : `rollup exited with ${code ?? signal}`));
        }),
    ),
  );
  return { ok: results.every((result) => result.ok), ms: Date.now() - started, results };
}

async function main() {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const asked = process.argv.slice(2);
  const unknown = asked.filter((group) => !BUNDLE_GROUPS.includes(group));
  if (unknown.length > 0) {
    console.error(`Unknown bundle group ${unknown.join(', ')}: expected one of ${BUNDLE_GROUPS.join(', ')}.`);
    process.exit(2);
  }
  const groups = asked.length > 0 ? asked : BUNDLE_GROUPS;
  console.log(`Building ${groups.join(', ')} (one rollup process each)...`);
  const { ok, ms } = await buildBundles({ root, groups });
  console.log(ok ? `Built in ${(ms / 1000).toFixed(1)} s` : 'The build failed.');
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
