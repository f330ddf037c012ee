import type { Plugin } from 'rollup';

/** Removes the `docs` of every endpoint() call in core/contract from the app bundles. */
export declare function stripEndpointDocs(): Plugin;
