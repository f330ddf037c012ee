// The SDK bundles, as rollup configs (imported by the root rollup.config.mjs; `--environment ONLY:sdk`):
//   dist/sdk/v1/pay.js  the script merchants load: minified IIFE, budget 1.2 KB gzip, no source map
//                       (its sources are public in this repository; a map comment would cost bytes)
//   dist/sdk/pay.mjs    ESM entry for bundlers (loadPayKit, createPayKit)
//   dist/sdk/pay.d.ts   its types, rolled into one file
//   dist/sdk/sri.json   {"pay.js":"sha384-..."}, the integrity hash merchants paste into their script tag
// Each file also as .br and .gz beside it (ui/build/precompress.mjs); SRI hashes the decoded bytes,
// so the hash is the plain file's whatever encoding the browser is sent.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import terser from '@rollup/plugin-terser';
import dts from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { precompress } from '../ui/build/precompress.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const out = `${root}dist/sdk`;

const resolveCore = alias({ entries: [{ find: /^#core\/(.*)$/, replacement: `${root}core/$1` }] });

const transpile = () =>
  esbuild({ include: /\.ts$/, target: 'es2020', tsconfig: `${root}tsconfig.json`, legalComments: 'none' });

/** Writes sri.json from the exact bytes rollup wrote, so the published hash always matches the file. */
/** It goes one level above pay.js (dist/sdk/sri.json beside dist/sdk/v1/), wherever the output dir is. */
function subresourceIntegrity() {
  return {
    name: 'sdk-sri',
    writeBundle(options, bundle) {
      const chunk = bundle['pay.js'];
      if (!chunk || chunk.type !== 'chunk') this.error('sdk-sri: pay.js is missing from the bundle');
      const hash = createHash('sha384').update(chunk.code).digest('base64');
      const sdkDir = join(options.dir ?? `${out}/v1`, '..');
      mkdirSync(sdkDir, { recursive: true });
      writeFileSync(join(sdkDir, 'sri.json'), `${JSON.stringify({ 'pay.js': `sha384-${hash}` }, null, 2)}\n`);
    },
  };
}

// Every byte of pay.js is paid by every merchant page. All of these are safe for this code: it has no
// getters with side effects, no `arguments`, no reliance on function names or `this` in arrow-able
// functions. Property mangling is off: nearly every property is a DOM or wire name.
const shrink = terser({
  ecma: 2020,
  toplevel: true,
  compress: {
    passes: 5,
    pure_getters: true,
    unsafe: true,
    unsafe_arrows: true,
    unsafe_methods: true,
    unsafe_comps: true,
    booleans_as_integers: false,
  },
  mangle: { toplevel: true },
  format: { comments: false, ecma: 2020 },
});

/**
 * Rollup warns about unknown top-level options; keep the filter name out of Object.keys. The types
 * are their own group: rolling them up loads TypeScript, which a parallel build runs beside the JS.
 */
function named(config, name = 'sdk') {
  Object.defineProperty(config, 'name', { value: name, enumerable: false });
  return config;
}

export default [
  named({
    input: `${root}sdk/pay.ts`,
    output: { dir: `${out}/v1`, entryFileNames: 'pay.js', format: 'iife', strict: false, generatedCode: 'es2015', sourcemap: false },
    plugins: [resolveCore, transpile(), shrink, subresourceIntegrity(), precompress()],
  }),
  named({
    input: `${root}sdk/index.ts`,
    output: { dir: out, entryFileNames: 'pay.mjs', format: 'es', generatedCode: 'es2015' },
    plugins: [resolveCore, transpile(), precompress()],
  }),
  named({
    input: `${root}sdk/index.ts`,
    output: { dir: out, entryFileNames: 'pay.d.ts', format: 'es' },
    plugins: [resolveCore, dts({ tsconfig: `${root}tsconfig.json` }), precompress()],
  }, 'sdk-types'),
];
