// The two browser apps, as rollup configs (imported by the root rollup.config.mjs):
//   iframe-app -> dist/iframe-app  React API compiled against preact/compat; initial JS budget 30 KB gzip
//   member-app -> dist/member-app  real React 19, routes code-split; initial JS budget 110 KB gzip
//   markets-app -> dist/markets-app Preact, hydrates server-rendered pages; initial JS budget 60 KB gzip
// Each: ESM with code splitting, hashed names (immutable caching), one hashed CSS file and a
// manifest.json the server renders the HTML shell from; in production every JS and CSS file also as
// .br and .gz beside it (precompress.mjs), which the server sends by Accept-Encoding. No type-checking here: `tsc --noEmit` runs
// separately, so a build on a 2-core machine only transpiles (esbuild) and minifies (minifierPlugin).
// NODE_ENV=development builds unminified with development React and dev diagnostics kept in.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild, { minify as esbuildMinify } from 'rollup-plugin-esbuild';
import { appManifest } from './app-manifest.mjs';
import { cssBundle } from './css-bundle.mjs';
import { precompress } from './precompress.mjs';
import { stripEndpointDocs } from './strip-endpoint-docs.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const production = process.env.NODE_ENV !== 'development';

/** Order matters: tokens first, so every later file can use the custom properties. */
const SHARED_CSS = ['ui/styles/tokens.css', 'ui/styles/base.css', 'ui/styles/components.css'];

// wouter reaches useSyncExternalStore through this shim path; each app points it at its own React.
const SYNC_STORE_SHIM = /^use-sync-external-store\/shim(\/index\.js)?$/;

const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: SYNC_STORE_SHIM, replacement: 'preact/compat' },
];

const REACT_ALIASES = [{ find: SYNC_STORE_SHIM, replacement: 'react' }];

/**
 * Empties the app's dist folder before writing: hashed names change with every build, and stale
 * files would pile up and confuse size checks that glob dist/<app>/main-*.js.
 * @param {string} dir
 * @returns {import('rollup').Plugin}
 */
function emptyDir(dir) {
  return {
    name: 'empty-dir',
    async buildStart() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * React and its scheduler change far less often than the app: in their own chunk they stay cached
 * across deploys. The shell preloads the chunk (manifest `preload`), so the split costs no round trip.
 * @param {string} id
 */
function reactVendorChunk(id) {
  return /\/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined;
}

/**
 * terser squeezes about 1-3 % more out of a bundle (gzip) than esbuild's minifier, at more than twice
 * the CPU time. The checkout (iframe-app) opens inside merchants' pages and is small, so it keeps
 * terser; the member app and the markets site take esbuild's, which halves a fresh clone's build.
 * Measured on this code: iframe app 26.54 KB (terser) vs 27.33 KB (esbuild) gzip, member app 82.77 vs
 * 83.89 KB, markets app 35.47 vs 36.21 KB; the three apps' build 23.5 s vs 10.3 s of CPU.
 * @param {'terser' | 'esbuild'} minifier
 * @returns {import('rollup').Plugin}
 */
function minifierPlugin(minifier) {
  return minifier === 'terser'
    ? terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } })
    : esbuildMinify({ target: 'es2020', legalComments: 'none' });
}

/**
 * @param {{ name: 'iframe-app' | 'member-app' | 'markets-app', aliases: {find: RegExp, replacement: string}[], css: string[], manualChunks?: (id: string) => string | undefined, minifier: 'terser' | 'esbuild' }} app
 * @returns {import('rollup').RollupOptions}
 */
function appConfig({ name, aliases, css, manualChunks, minifier }) {
  const config = {
    input: { main: `${root}${name}/main.tsx` },
    output: {
      dir: `${root}dist/${name}`,
      format: 'es',
      entryFileNames: '[name]-[hash].js',
      chunkFileNames: '[name]-[hash].js',
      assetFileNames: '[name]-[hash][extname]',
      sourcemap: !production,
      generatedCode: 'es2015',
      ...(manualChunks ? { manualChunks } : {}),
    },
    onwarn(warning, warn) {
      // React and wouter carry "use client" directives meant for server components; they mean nothing here.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      warn(warning);
    },
    plugins: [
      emptyDir(`${root}dist/${name}`),
      alias({ entries: aliases }),
      nodeResolve({
        browser: true,
        exportConditions: ['browser', 'production'],
        extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'],
      }),
      commonjs(),
      replace({
        preventAssignment: true,
        values: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
      }),
      esbuild({
        include: /\.[jt]sx?$/,
        exclude: /node_modules/,
        jsx: 'automatic',
        jsxImportSource: 'react',
        target: 'es2020',
        tsconfig: `${root}tsconfig.json`,
      }),
      production && stripEndpointDocs(),
      cssBundle({ files: css.map((file) => `${root}${file}`), minify: production }),
      appManifest(),
      production && minifierPlugin(minifier),
      // Development builds are served plain: compressing them only slows the edit loop.
      production && precompress(),
    ].filter(Boolean),
  };
  // The root config filters on `name`; rollup warns about unknown options, so keep it out of Object.keys.
  Object.defineProperty(config, 'name', { value: name, enumerable: false });
  return config;
}

export default [
  // One file: inside a merchant's iframe the first paint matters more than caching across deploys.
  appConfig({
    name: 'iframe-app',
    aliases: PREACT_ALIASES,
    minifier: 'terser',
    css: [...SHARED_CSS, 'ui/styles/layouts-iframe.css', 'iframe-app/styles/widget-pages.css', 'iframe-app/styles/flow-pages.css', 'iframe-app/styles/flow-pay-pages.css', 'iframe-app/styles/flow-bank-pages.css', 'iframe-app/styles/invoice-page.css', 'iframe-app/styles/remit-pages.css', 'iframe-app/styles/buy-widget.css'],
  }),
  // The markets site: Preact like the iframe app, hydrating the pages the server rendered
  // (server/markets/); its chart library is a lazy chunk of the coin page (markets-app/components/uplot-chart.ts).
  appConfig({
    name: 'markets-app',
    aliases: PREACT_ALIASES,
    minifier: 'esbuild',
    css: [...SHARED_CSS, 'ui/styles/layouts-member.css', 'node_modules/uplot/dist/uPlot.min.css', 'markets-app/styles/markets.css'],
  }),
  appConfig({
    name: 'member-app',
    aliases: REACT_ALIASES,
    minifier: 'esbuild',
    css: [...SHARED_CSS, 'ui/styles/layouts-member.css', 'member-app/styles/status-page.css', 'member-app/styles/identity.css', 'member-app/styles/wallets.css', 'member-app/styles/trade.css', 'member-app/styles/merchant.css', 'member-app/styles/refunds.css', 'member-app/styles/merchant-links.css', 'member-app/styles/developers.css', 'member-app/styles/settlements.css', 'member-app/styles/limits.css', 'member-app/styles/admin.css', 'member-app/styles/compliance.css', 'member-app/styles/admin-compliance.css', 'member-app/styles/admin-money.css', 'member-app/styles/admin-brand.css', 'member-app/styles/admin-coupons.css', 'member-app/styles/admin-chains.css'],
    manualChunks: reactVendorChunk,
  }),
];
