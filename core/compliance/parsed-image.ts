// What each format's reader (jpeg-segments.ts, png-chunks.ts, webp-chunks.ts) hands back: the pixel size
// its headers declare and the same file with its metadata cut out, or why the file cannot be read.
// The readers never decode pixels; the size comes from the headers, so a decompression bomb is refused
// before anything inflates it.

export type ParsedImage =
  | { ok: true; width: number; height: number; bytes: Uint8Array }
  | { ok: false; code: 'document_damaged' | 'document_not_image' };

export const DAMAGED: ParsedImage = { ok: false, code: 'document_damaged' };

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function hasPrefix(bytes: Uint8Array, text: string): boolean {
  return bytes.length >= text.length && [...text].every((c, i) => bytes[i] === c.charCodeAt(0));
}
