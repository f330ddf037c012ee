import { describe, expect, it } from 'vitest';
import { checkLogo, LOGO_MAX_BYTES } from './logo-file.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const svg = (body: string) => bytes(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);

describe('a logo is what its bytes say', () => {
  it.each([
    ['a PNG with its IHDR chunk', bytes(PNG_HEAD, 'IHDR', [0, 0, 0, 1]), 'image/png'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16]), 'image/jpeg'],
    ['a WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['a plain SVG', svg('<rect width="10" height="10" fill="#053f2e"/>'), 'image/svg+xml'],
    ['an SVG after an XML declaration and a comment', bytes('<?xml version="1.0"?>\n<!-- logo --><svg viewBox="0 0 1 1"><path d="M0 0h1v1z"/></svg>'), 'image/svg+xml'],
    ['an SVG with a gradient referenced inside the file', svg('<linearGradient id="g"/><rect fill="url(#g)" width="1" height="1"/>'), 'image/svg+xml'],
  ])('%s is accepted', (_name, file, type) => {
    expect(checkLogo(file)).toEqual({ ok: true, type });
  });

  it.each([
    ['HTML named logo.png', bytes('<!doctype html><html><script>alert(1)</script></html>'), /not a PNG, JPEG, WebP or SVG/],
    ['a PNG signature without its IHDR chunk', bytes(PNG_HEAD, 'abcd'), /not a PNG/],
    ['an SVG with a script', svg('<script>alert(1)</script>'), /a script/],
    ['an SVG with an event handler', svg('<rect onload="alert(1)"/>'), /event handler/],
    ['an SVG with a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), /javascript|another document/],
    ['an SVG that loads an external image', svg('<image href="https://evil.example/x.png"/>'), /another document|another file/],
    ['an SVG with an external url()', svg('<rect style="fill:url(https://evil.example/p)"/>'), /url\(\)/],
    ['an SVG with foreign HTML', svg('<foreignObject><div>hi</div></foreignObject>'), /foreign HTML/],
    ['an SVG with an entity', bytes('<svg><!ENTITY x "y"></svg>'), /entity/],
    ['an empty file', new Uint8Array(0), /empty/],
    ['a PNG over 512 KB', new Uint8Array(LOGO_MAX_BYTES + 1).fill(0x89), /at most 512 KB/],
    ['text that is not UTF-8', new Uint8Array([0xc3, 0x28, 0x3c, 0x73, 0x76, 0x67]), /not a PNG/],
  ])('%s is refused', (_name, file, message) => {
    const result = checkLogo(file);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
