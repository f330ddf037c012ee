import type { Plugin } from 'rollup';

/** Brotli (.br) and gzip (.gz) copies of one file, beside it; a copy not smaller than the file is removed. */
export declare function precompressFile(path: string): Promise<void>;
/** Whether the server serves this dist file compressed (text, and not the private manifest.json). */
export declare function isCompressible(fileName: string): boolean;
/** The rollup plugin: compresses every text file of the bundle once it is written. */
export declare function precompress(): Plugin;
