// Reads dist/<app>/manifest.json, the build's list of what a page must load:
//   {"entry":"main-3f2a1c.js","css":["app-9b1e0d.css"],"preload":["chunk-a1b2c3.js"],"lazy":{"iframe-app/pages/home-page.tsx":["home-page-d4e5f6.js"]}}
// Read once and kept (bundles change only with a rebuild, which means a restart); while dist is
// missing the read is retried on each request so a build started after the server is picked up.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';

export type AppName = 'member-app' | 'iframe-app' | 'markets-app';

/** A file name inside the app's dist folder: no "..", no absolute path, nothing to escape in HTML. */
const FileName = v.pipe(v.string(), v.regex(/^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._/-]*$/, 'must be a relative file name'));

const ManifestSchema = v.object({
  entry: FileName,
  css: v.array(FileName),
  preload: v.array(FileName),
  // Per lazily imported module (its path from the repository root): its chunk and the chunks it imports.
  // Absent from a build made before the field existed: no page is preloaded.
  lazy: v.optional(v.record(v.string(), v.array(FileName))),
});
export type Manifest = v.InferOutput<typeof ManifestSchema>;

export class ManifestStore {
  readonly #distDir: string;
  readonly #loaded = new Map<AppName, Manifest>();

  constructor(distDir: string) {
    this.#distDir = distDir;
  }

  /** The app's manifest, or null when the bundles are not built (or the file is unreadable). */
  async get(app: AppName): Promise<Manifest | null> {
    const known = this.#loaded.get(app);
    if (known) return known;
    let text: string;
    try {
      text = await readFile(join(this.#distDir, app, 'manifest.json'), 'utf8');
    } catch {
      return null;
    }
    const parsed = v.safeParse(ManifestSchema, safeJson(text));
    if (!parsed.success) return null;
    this.#loaded.set(app, parsed.output);
    return parsed.output;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
