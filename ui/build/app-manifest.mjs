// Writes dist/<app>/manifest.json, the one file the server reads to render the HTML shell:
//   {"entry":"main-3f2a1c.js","css":["app-9b1e0d.css"],"preload":["chunk-a1b2c3.js"]}
// `preload` is the entry's static imports only: they are needed before the first render, so the
// shell announces them with <link rel=modulepreload>; lazy route chunks load on demand instead.
// `lazy` names, per lazily imported module (its path from the repository root), its chunk and every chunk
// that chunk imports statically, beyond the entry's: a shell that knows its first page will need one
// (the widget's home and pay screens) preloads them all at once instead of one import level at a time.

import { fileURLToPath } from 'node:url';

/**
 * @param {{ entryName?: string }} [options]
 * @returns {import('rollup').Plugin}
 */
export function appManifest({ entryName = 'main' } = {}) {
  return {
    name: 'app-manifest',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const entry = files.find((file) => file.type === 'chunk' && file.isEntry && file.name === entryName);
      if (!entry || entry.type !== 'chunk') {
        this.error(`app-manifest: no entry chunk named "${entryName}" in this build`);
        return;
      }
      const css = files.filter((file) => file.type === 'asset' && file.fileName.endsWith('.css')).map((file) => file.fileName);
      const isLazyModule = (/** @type {string} */ id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0;
      const manifest = { entry: entry.fileName, css, preload: [...entry.imports], lazy: lazyChunks(files, entry, isLazyModule) };
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(manifest)}\n` });
    },
  };
}

/**
 * Every lazily imported module of ours, with the chunk that holds it and what that chunk imports. By the
 * modules a chunk holds, not by its facade: when small chunks are merged (experimentalMinChunkSize), two
 * pages may share one chunk that is the facade of neither, and each page must still name it.
 * @param {(import('rollup').OutputChunk | import('rollup').OutputAsset)[]} files
 * @param {import('rollup').OutputChunk} entry
 * @param {(id: string) => boolean} isLazyModule
 * @returns {Record<string, string[]>}
 */
function lazyChunks(files, entry, isLazyModule) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  /** @type {Map<string, import('rollup').OutputChunk>} */
  const chunks = new Map();
  for (const file of files) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const initial = new Set([entry.fileName, ...entry.imports]);
  /** @type {Record<string, string[]>} */
  const lazy = {};
  for (const chunk of chunks.values()) {
    if (initial.has(chunk.fileName)) continue;
    const pages = chunk.moduleIds.filter((id) => id.startsWith(root) && isLazyModule(id));
    if (pages.length === 0) continue;
    const needed = new Set([chunk.fileName]);
    for (const name of needed) for (const imported of chunks.get(name)?.imports ?? []) if (!initial.has(imported)) needed.add(imported);
    for (const page of pages) lazy[page.slice(root.length)] = [...needed];
  }
  return lazy;
}
