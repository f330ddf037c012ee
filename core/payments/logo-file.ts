// What a merchant's uploaded widget logo is, decided from its bytes alone (never its name or the
// Content-Type a browser claimed): PNG, JPEG and WebP by their signatures, SVG as UTF-8 text whose root is
// <svg> and that holds no script, no event handler and no reference outside itself. We serve the file
// from our own origin, so an HTML page named logo.png, or an SVG that runs script when opened directly,
// would run with our origin's rights; the server also sends it with nosniff and a sandboxing CSP.

import { rasterType, type RasterType } from '../image-signature.ts';

export const LOGO_MAX_BYTES = 512 * 1024;

export type LogoType = RasterType | 'image/svg+xml';

export type LogoCheck = { ok: true; type: LogoType } | { ok: false; message: string };

/**
 * Anything in an SVG that can run script or fetch: script elements, on* handlers, javascript: or data:
 * URLs, foreign HTML, entities (billion laughs, external entities), stylesheets that import, and any href or
 * url() that does not point inside the file (#id).
 */
const SVG_DANGERS: readonly [RegExp, string][] = [
  [/<\s*script/i, 'a script'],
  [/\son[a-z]+\s*=/i, 'an event handler (on...)'],
  [/javascript\s*:/i, 'a javascript: URL'],
  [/<\s*foreignObject/i, 'foreign HTML'],
  [/<!ENTITY|<!DOCTYPE/i, 'a DOCTYPE or entity'],
  [/@import/i, 'a stylesheet import'],
  [/<\s*(iframe|embed|object|image|use|feImage|a)[\s>/]/i, 'an element that loads or links another document'],
  [/(?:href|src)\s*=\s*["']?\s*(?!#)/i, 'a reference to another file'],
  [/url\(\s*["']?\s*(?!#)/i, 'a url() outside the file'],
];

function svgCheck(bytes: Uint8Array): LogoCheck | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // The root element must be <svg>: an XML declaration and comments may come first, nothing else.
  const start = text.replace(/^\uFEFF/, '').replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (!/^<svg[\s>]/i.test(start)) return null;
  for (const [pattern, what] of SVG_DANGERS) {
    if (pattern.test(text)) return { ok: false, message: `This SVG holds ${what}. Export it as a plain SVG (shapes and text only) or as a PNG.` };
  }
  return { ok: true, type: 'image/svg+xml' };
}

export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.length === 0) return { ok: false, message: 'The file is empty. Choose a PNG, JPEG, WebP or SVG logo.' };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, message: `The logo is ${Math.ceil(bytes.length / 1024)} KB; use one of at most 512 KB.` };
  const raster = rasterType(bytes);
  if (raster) return { ok: true, type: raster };
  return svgCheck(bytes) ?? { ok: false, message: 'This file is not a PNG, JPEG, WebP or SVG image. Choose an image file.' };
}
