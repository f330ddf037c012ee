// Writes dist/<app>/manifest.json, the one file the server reads to render the HTML shell:
//   {"entry":"main-3f2a1c.js","css":["app-9b1e0d.css"],"preload":["chunk-a1b2c3.js"]}
// `preload` is the entry's static imports only: they are needed before the first render, so the
// shell announces them with <link rel=modulepreload>; lazy route chunks load on demand instead.

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
      const manifest = { entry: entry.fileName, css, preload: [...entry.imports] };
      this.emitFile({ type: 'asset', fileName: 'manifest.json', source: `${JSON.stringify(manifest)}\n` });
    },
  };
}
