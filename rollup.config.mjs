// Every bundle the platform ships. Each folder owns its build description; this file only lists them.
//   sdk/build.mjs      -> dist/sdk        (pay.js IIFE for merchants, ESM entry; .d.ts as group sdk-types)
//   ui/build/apps.mjs  -> dist/iframe-app (Preact via preact/compat), dist/member-app (React), dist/markets-app
// `--environment ONLY:sdk` (or iframe-app, member-app, markets-app) builds one folder.
// `--environment BUNDLE:<name>` builds the configs of that one name: scripts/build-bundles.mjs (`npm run
// build`) runs one rollup process per name, in parallel.
import sdk from './sdk/build.mjs';
import apps from './ui/build/apps.mjs';

const all = [...sdk, ...apps];

function select() {
  const { ONLY: only, BUNDLE: bundle } = process.env;
  if (bundle) {
    const named = all.filter((config) => config.name === bundle);
    if (named.length === 0) throw new Error(`rollup.config.mjs: no bundle named "${bundle}"`);
    return named;
  }
  return only ? all.filter((config) => config.name === only || config.output?.dir?.includes(only)) : all;
}

export default select();
