// A WebP's metadata cut out without re-encoding: the RIFF container is walked chunk by chunk and rebuilt
// from the image chunks (VP8X, ICCP, ALPH, VP8, VP8L). EXIF, XMP and unknown chunks are dropped, the
// VP8X flags that announced EXIF and XMP are cleared (a reader trusts them), and the RIFF size is
// written anew. Anything after the RIFF's declared end is dropped as well. Animated WebP is not a
// photo of a document and is refused.

import { concat, DAMAGED, type ParsedImage } from './parsed-image.ts';

const KEPT = new Set(['VP8X', 'ICCP', 'ALPH', 'VP8 ', 'VP8L']);
const FLAG_ANIMATION = 0x02;
const FLAG_XMP = 0x04;
const FLAG_EXIF = 0x08;

type Size = { width: number; height: number };

function bitstreamSize(type: string, data: Uint8Array, view: DataView): Size | null {
  if (type === 'VP8 ') {
    // A key frame: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height (2 bits of scale).
    if (data.length < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return null;
    return { width: view.getUint16(6, true) & 0x3fff, height: view.getUint16(8, true) & 0x3fff };
  }
  // VP8L: signature 0x2f, then width-1 and height-1 as 14 bits each, little-endian.
  if (data.length < 5 || data[0] !== 0x2f) return null;
  const bits = view.getUint32(1, true);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

export function stripWebp(bytes: Uint8Array): ParsedImage {
  const file = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12) return DAMAGED;
  const riffEnd = 8 + file.getUint32(4, true);
  if (riffEnd > bytes.length) return DAMAGED;
  const kept: Uint8Array[] = [];
  let canvas: Size | null = null;
  let bitstream: Size | null = null;
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) return DAMAGED;
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    const length = file.getUint32(at + 4, true);
    const end = at + 8 + length + (length & 1);
    if (end > riffEnd) return DAMAGED;
    const data = bytes.subarray(at + 8, at + 8 + length);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (type === 'VP8X') {
      if (at !== 12 || length < 10) return DAMAGED;
      if ((data[0] as number) & FLAG_ANIMATION) return { ok: false, code: 'document_not_image' };
      canvas = { width: 1 + (view.getUint32(4, true) & 0xffffff), height: 1 + (view.getUint32(6, true) >>> 8) };
      const chunk = bytes.slice(at, end);
      chunk[8] = (data[0] as number) & ~(FLAG_EXIF | FLAG_XMP);
      kept.push(chunk);
    } else {
      if (type === 'VP8 ' || type === 'VP8L') {
        if (bitstream) return DAMAGED;
        bitstream = bitstreamSize(type, data, view);
        if (!bitstream) return DAMAGED;
      }
      if (type === 'ANIM' || type === 'ANMF') return { ok: false, code: 'document_not_image' };
      if (KEPT.has(type)) kept.push(bytes.subarray(at, end));
    }
    at = end;
  }
  const size = canvas ?? bitstream;
  if (!bitstream || !size || size.width === 0 || size.height === 0) return DAMAGED;
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set([0x52, 0x49, 0x46, 0x46], 0); // RIFF
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  header.set([0x57, 0x45, 0x42, 0x50], 8); // WEBP
  return { ok: true, ...size, bytes: concat([header, body]) };
}
