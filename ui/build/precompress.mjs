// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file a build
// wrote, so the server sends compressed bytes without compressing per request (@fastify/static
// `preCompressed` picks the copy by Accept-Encoding and falls back to the plain file).
// The copies are made from the bytes on disk after rollup wrote them, so they decode to exactly the
// file that is hashed for SRI (sdk/build.mjs) and named by the manifest.
import { rename, rm, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the server serves from dist. manifest.json is private (the shell reads it), so it is left plain. */
const COMPRESSIBLE = /\.(m?js|css|svg|json|d\.ts)$/;

/**
 * The two encodings, each a function of the plain bytes. Brotli's text mode and size hint are
 * what its command-line tool uses for web assets; both settings are the slowest and smallest.
 * @type {{ extension: '.br' | '.gz', encode: (bytes: Buffer) => Promise<Buffer> }[]}
 */
export const ENCODINGS = [
  {
    extension: '.br',
    encode: (bytes) =>
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { extension: '.gz', encode: (bytes) => gzipAsync(bytes, { level: 9 }) },
];

/**
 * Compresses one file in place: file.br and file.gz beside it. A copy that would not be smaller
 * than the file itself (a tiny file) is not written, and an older copy is removed, so a stale
 * encoding of previous content can never be served.
 * @param {string} path
 */
export async function precompressFile(path) {
  const bytes = await readFile(path);
  await Promise.all(
    ENCODINGS.map(async ({ extension, encode }) => {
      const encoded = await encode(bytes);
      const target = `${path}${extension}`;
      if (encoded.length >= bytes.length) {
        await rm(target, { force: true });
        return;
      }
      // Written aside and renamed: a server reading dist while a build runs never sees half a file.
      const partial = `${target}.partial-${process.pid}`;
      await writeFile(partial, encoded);
      await rename(partial, target);
    }),
  );
}

/**
 * @param {string} fileName
 */
export function isCompressible(fileName) {
  return COMPRESSIBLE.test(fileName) && !fileName.endsWith('manifest.json');
}

/**
 * The rollup plugin: after the bundle is on disk, compress each text file it wrote. zlib's async
 * calls run on libuv's thread pool, so the files are compressed in parallel with each other.
 * @returns {import('rollup').Plugin}
 */
export function precompress() {
  return {
    name: 'precompress',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) this.error('precompress: the output needs a dir');
      const files = Object.keys(bundle).filter(isCompressible);
      await Promise.all(files.map((fileName) => precompressFile(join(dir, fileName))));
    },
  };
}
