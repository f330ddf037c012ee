import type { RollupOptions } from 'rollup';

/** The SDK's rollup configs: [pay.js IIFE, pay.mjs ESM entry, pay.d.ts]. */
declare const configs: RollupOptions[];
export default configs;
