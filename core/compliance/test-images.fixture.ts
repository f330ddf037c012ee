// Real, tiny image files built byte by byte for the tests of the document check and the document store
// (not imported by app code). Each decodes as a flat grey picture of the size asked for: a baseline JPEG
// whose every 8x8 block is "DC unchanged, end of block" (2 bits a block), a 1-bit greyscale PNG in stored
// deflate blocks, and a lossless WebP whose five prefix codes each hold one symbol (0 bits a pixel). Each can
// carry the metadata a phone writes, with a marker text inside so a test can prove it is gone.

import { crc32 } from './png-chunks.ts';

/** Text hidden inside every metadata block the fixtures write; it must never survive the strip. */
export const SECRET = 'GPS 51.5074N 0.1278W serial SN-4711';

const text = (value: string) => [...new TextEncoder().encode(value)];
const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** Whether the text's bytes appear anywhere in the file (plain JS: core uses no Node APIs). */
export function contains(haystack: Uint8Array, needle: string): boolean {
  const bytes = new TextEncoder().encode(needle);
  outer: for (let i = 0; i + bytes.length <= haystack.length; i++) {
    for (let j = 0; j < bytes.length; j++) if (haystack[i + j] !== bytes[j]) continue outer;
    return true;
  }
  return false;
}

// --- JPEG ---

export const jpegSegment = (marker: number, payload: number[]) => [0xff, marker, ...u16be(payload.length + 2), ...payload];

/** EXIF whose IFD0 holds Orientation, followed by the secret (as a maker note would be). */
export function exifPayload(orientation: number): number[] {
  return [...text('Exif\0\0'), ...text('MM'), 0, 42, ...u32be(8), 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, ...u16be(orientation), 0, 0, 0, 0, 0, 0, ...text(SECRET)];
}

export const JPEG_METADATA = {
  exif: jpegSegment(0xe1, exifPayload(1)),
  xmp: jpegSegment(0xe1, text(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${SECRET}</x:xmpmeta>`)),
  iptc: jpegSegment(0xed, text(`Photoshop 3.0\0${SECRET}`)),
  mpf: jpegSegment(0xe2, text(`MPF\0${SECRET}`)),
  comment: jpegSegment(0xfe, text(SECRET)),
};

export const JPEG_ICC = jpegSegment(0xe2, [...text('ICC_PROFILE\0'), 1, 1, ...new Array<number>(16).fill(7)]);

export function jpeg(width: number, height: number, options: { metadata?: number[][]; trailer?: string; sof?: number } = {}): Uint8Array {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = new Array<number>(Math.ceil(bits / 8)).fill(0);
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1; // pad the last byte with 1 bits
  return new Uint8Array([
    0xff, 0xd8,
    ...jpegSegment(0xe0, [...text('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...(options.metadata ?? []).flat(),
    ...jpegSegment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...jpegSegment(options.sof ?? 0xc0, [8, ...u16be(height), ...u16be(width), 1, 1, 0x11, 0]),
    ...jpegSegment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]), // DC: one code, category 0
    ...jpegSegment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]), // AC: one code, end of block
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff, 0xd9,
    ...text(options.trailer ?? ''),
  ]);
}

// --- PNG ---

export const pngChunk = (type: string, data: number[]) => {
  const body = [...text(type), ...data];
  return [...u32be(data.length), ...body, ...u32be(crc32(new Uint8Array(body)))];
};

export const PNG_METADATA = {
  eXIf: pngChunk('eXIf', [...text('MM'), 0, 42, ...u32be(8), 0, 0, 0, 0, 0, 0, ...text(SECRET)]),
  tEXt: pngChunk('tEXt', text(`Comment\0${SECRET}`)),
  iTXt: pngChunk('iTXt', text(`XML:com.adobe.xmp\0\0\0\0\0${SECRET}`)),
  zTXt: pngChunk('zTXt', text(`Author\0\0${SECRET}`)), // not real zlib, but never read: dropped by name
  tIME: pngChunk('tIME', [0x07, 0xea, 11, 24, 3, 15, 0]),
  private: pngChunk('prVt', text(SECRET)),
};

/** zlib with stored (uncompressed) deflate blocks: valid for any decoder, no compressor needed. */
function storedZlib(raw: Uint8Array): number[] {
  const out = [0x78, 0x01];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const block = raw.subarray(at, at + 65535);
    const final = at + 65535 >= raw.length ? 1 : 0;
    out.push(final, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff);
    for (const byte of block) out.push(byte);
    if (final) break;
  }
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return [...out, ...u32be(((b << 16) | a) >>> 0)];
}

export function png(width: number, height: number, options: { metadata?: number[][]; trailer?: string } = {}): Uint8Array {
  const raw = new Uint8Array(height * (1 + Math.ceil(width / 8))); // filter 0 and black pixels on every row
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...pngChunk('IHDR', [...u32be(width), ...u32be(height), 1, 0, 0, 0, 0]), // 1-bit greyscale
    ...pngChunk('gAMA', u32be(45455)),
    ...(options.metadata ?? []).flat(),
    ...pngChunk('IDAT', storedZlib(raw)),
    ...pngChunk('IEND', []),
    ...text(options.trailer ?? ''),
  ]);
}

/** The same PNG claiming another size in its IHDR (CRC fixed): what a decompression bomb looks like. */
export function withPngSize(file: Uint8Array, width: number, height: number): Uint8Array {
  const out = file.slice();
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  view.setUint32(29, crc32(out.subarray(12, 29)));
  return out;
}

// --- WebP ---

/** A lossless (VP8L) bitstream of one grey colour: 0 bits a pixel, so about 12 bytes for any size. */
function vp8l(width: number, height: number): number[] {
  const bytes: number[] = [0x2f];
  let acc = 0;
  let count = 0;
  const put = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++) {
      acc |= ((value >>> i) & 1) << count;
      if (++count === 8) {
        bytes.push(acc);
        acc = 0;
        count = 0;
      }
    }
  };
  put(width - 1, 14);
  put(height - 1, 14);
  put(0, 1); // no alpha
  put(0, 3); // version 0
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  for (const symbol of [0x80, 0x80, 0x80, 0xff]) put(1, 1), put(0, 1), put(1, 1), put(symbol, 8); // green, red, blue, alpha
  put(1, 1), put(0, 1), put(0, 1), put(0, 1); // distance: one 1-bit symbol, 0
  if (count) bytes.push(acc);
  return bytes;
}

export const webpChunk = (type: string, data: number[]) => [...text(type), ...u32le(data.length), ...data, ...(data.length & 1 ? [0] : [])];

const u24le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];

export const WEBP_METADATA = {
  EXIF: webpChunk('EXIF', [...text('MM'), 0, 42, ...u32be(8), 0, 0, 0, 0, 0, ...text(SECRET)]), // odd length: padded
  XMP: webpChunk('XMP ', text(`<x:xmpmeta>${SECRET}</x:xmpmeta>`)),
};

/** Simple lossless WebP, or extended (VP8X) with the EXIF and XMP flags set when metadata is given. */
export function webp(width: number, height: number, options: { metadata?: number[][]; flags?: number; trailer?: string } = {}): Uint8Array {
  const extended = options.metadata !== undefined || options.flags !== undefined;
  const flags = options.flags ?? 0x08 | 0x04;
  const chunks = [
    ...(extended ? webpChunk('VP8X', [flags, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]) : []),
    ...webpChunk('VP8L', vp8l(width, height)),
    ...(options.metadata ?? []).flat(),
  ];
  return new Uint8Array([...text('RIFF'), ...u32le(4 + chunks.length), ...text('WEBP'), ...chunks, ...text(options.trailer ?? '')]);
}

// --- HEIC ---

export const HEIC = new Uint8Array([0, 0, 0, 24, ...text('ftypheic'), 0, 0, 0, 0, ...text('mif1heic'), 0, 0, 0, 8, ...text('meta')]);
