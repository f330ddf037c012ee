// A tiny rollup plugin for the apps' plain CSS: concatenate the files in the order given (tokens
// before base before layouts before components, so later rules win by source order, not by
// specificity games), minify with esbuild's CSS transform and emit one hashed asset.
// No CSS-in-JS: the CSP is `style-src 'self'`, so every rule must ship as a stylesheet file.
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';

/**
 * @param {{ files: string[], name?: string, minify?: boolean }} options
 * @returns {import('rollup').Plugin}
 */
export function cssBundle({ files, name = 'app.css', minify = true }) {
  return {
    name: 'css-bundle',
    async buildStart() {
      const parts = [];
      for (const file of files) {
        this.addWatchFile(file);
        parts.push(`/* ${file.split('/').slice(-2).join('/')} */\n${await readFile(file, 'utf8')}`);
      }
      const { code, warnings } = await transform(parts.join('\n'), {
        loader: 'css',
        minify,
        // The apps target evergreen browsers; esbuild keeps modern syntax (custom properties, :focus-visible).
        target: ['chrome109', 'firefox115', 'safari15'],
      });
      for (const warning of warnings) this.warn(`css: ${warning.text}`);
      this.emitFile({ type: 'asset', name, source: code });
    },
  };
}
