// Every bundle the platform ships. Each folder owns its build description; this file only lists them.
//   sdk/build.mjs      -> dist/sdk        (pay.js IIFE for merchants, ESM entry, .d.ts)
//   ui/build/apps.mjs  -> dist/iframe-app (Preact via preact/compat) and dist/member-app (React)
// `--environment ONLY:sdk` (or iframe-app, member-app) builds one of them.
import sdk from './sdk/build.mjs';
import apps from './ui/build/apps.mjs';

const only = process.env.ONLY;
const all = [...sdk, ...apps];
export default only ? all.filter((config) => config.name === only || config.output?.dir?.includes(only)) : all;
