// A PNG's metadata cut out without re-encoding: chunks are copied as they are (each keeps its CRC) except
// the ancillary ones that are not about how pixels look. An allow-list, not a block-list: eXIf, tEXt,
// iTXt and zTXt (EXIF, XMP, software and author notes), tIME, and any private chunk a tool invents are all
// dropped, while colour (iCCP, sRGB, gAMA, cHRM, cICP...), transparency and physical size stay. APNG's
// animation chunks go too, leaving its still default image. Every CRC is checked, as a decoder would.

import { concat, DAMAGED, type ParsedImage } from './parsed-image.ts';

const KEPT_ANCILLARY = new Set(['tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'cLLI', 'bKGD', 'pHYs']);
const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function stripPng(bytes: Uint8Array): ParsedImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let size: { width: number; height: number } | null = null;
  let sawData = false;
  for (let at = 8; ; ) {
    if (at + 12 > bytes.length) return DAMAGED;
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    if (end > bytes.length || crc32(bytes.subarray(at + 4, end - 4)) !== view.getUint32(end - 4)) return DAMAGED;
    if ((type === 'IHDR') !== (at === 8)) return DAMAGED;
    if (type === 'IHDR') {
      if (length !== 13) return DAMAGED;
      size = { width: view.getUint32(at + 8), height: view.getUint32(at + 12) };
    }
    // A critical chunk (upper-case first letter) a decoder does not know must stop it; so must we.
    const critical = (type.charCodeAt(0) & 0x20) === 0;
    if (critical && !CRITICAL.has(type)) return DAMAGED;
    if (critical || KEPT_ANCILLARY.has(type)) kept.push(bytes.subarray(at, end));
    sawData ||= type === 'IDAT';
    at = end;
    if (type === 'IEND') break;
  }
  if (!size || !sawData || size.width === 0 || size.height === 0) return DAMAGED;
  return { ok: true, ...size, bytes: concat(kept) };
}
