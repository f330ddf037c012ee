import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { checkDocumentImage, DOCUMENT_MAX_BYTES, type DocumentImage } from './document-image.ts';
import { exifOrientation } from './jpeg-segments.ts';
import {
  contains, exifPayload, HEIC, jpeg, JPEG_ICC, JPEG_METADATA, jpegSegment, png, PNG_METADATA, pngChunk, SECRET, webp, WEBP_METADATA, withPngSize,
} from './test-images.fixture.ts';

function accepted(bytes: Uint8Array): DocumentImage {
  const result = checkDocumentImage(bytes);
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.image;
}

/** The chunk names of a PNG or WebP, in order, to see what was kept. */
function pngChunks(file: Uint8Array): string[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const names: string[] = [];
  for (let at = 8; at < file.length; at += 12 + view.getUint32(at)) names.push(String.fromCharCode(...file.subarray(at + 4, at + 8)));
  return names;
}
function webpChunks(file: Uint8Array): string[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const names: string[] = [];
  for (let at = 12; at < file.length; ) {
    const length = view.getUint32(at + 4, true);
    names.push(String.fromCharCode(...file.subarray(at, at + 4)));
    at += 8 + length + (length & 1);
  }
  return names;
}
/** The APPn/COM markers left before the frame of a JPEG. */
function jpegMarkers(file: Uint8Array): number[] {
  const markers: number[] = [];
  for (let at = 2; file[at + 1] !== 0xda; at += 2 + ((file[at + 2]! << 8) | file[at + 3]!)) markers.push(file[at + 1]!);
  return markers;
}

describe('a document photo is what its bytes say, at a readable size', () => {
  it.each([
    ['a JPEG of 600 x 400', jpeg(600, 400), 'image/jpeg', 600, 400],
    ['a portrait JPEG of 400 x 600', jpeg(400, 600), 'image/jpeg', 400, 600],
    ['a progressive JPEG frame (SOF2)', jpeg(1200, 800, { sof: 0xc2 }), 'image/jpeg', 1200, 800],
    ['a PNG of 600 x 400', png(600, 400), 'image/png', 600, 400],
    ['a lossless WebP of 600 x 400', webp(600, 400), 'image/webp', 600, 400],
    ['an extended WebP (VP8X) of 4000 x 3000', webp(4000, 3000, { flags: 0 }), 'image/webp', 4000, 3000],
    ['a JPEG of exactly 40 megapixels', jpeg(8000, 5000), 'image/jpeg', 8000, 5000],
  ])('%s is accepted with its size read from the headers', (_name, file, type, width, height) => {
    const image = accepted(file);
    expect({ type: image.type, width: image.width, height: image.height }).toEqual({ type, width, height });
    // Stripping is stable: a second pass changes nothing.
    expect(accepted(image.bytes).bytes).toEqual(image.bytes);
  });
});

describe('metadata is cut out without re-encoding', () => {
  it('a JPEG loses EXIF, XMP, IPTC, MPF, comments and a trailer, and keeps JFIF, ICC and its pixels', () => {
    const file = jpeg(600, 400, { metadata: [...Object.values(JPEG_METADATA), JPEG_ICC], trailer: SECRET });
    expect(contains(file, SECRET)).toBe(true);
    const image = accepted(file);
    expect(contains(image.bytes, SECRET)).toBe(false);
    expect(jpegMarkers(image.bytes)).toEqual([0xe0, 0xe2, 0xdb, 0xc0, 0xc4, 0xc4]);
    expect(contains(image.bytes, 'ICC_PROFILE')).toBe(true);
    // The scan after the frame is the camera's, byte for byte.
    const scan = (bytes: Uint8Array) => bytes.subarray(bytes.lastIndexOf(0xda) - 1);
    expect(scan(image.bytes)).toEqual(scan(jpeg(600, 400)));
  });

  it.each([3, 6, 8])('a JPEG turned by EXIF Orientation %i keeps only that tag, in a new minimal EXIF', (orientation) => {
    const image = accepted(jpeg(600, 400, { metadata: [jpegSegment(0xe1, exifPayload(orientation))] }));
    expect(contains(image.bytes, SECRET)).toBe(false);
    expect(jpegMarkers(image.bytes)).toEqual([0xe0, 0xe1, 0xdb, 0xc0, 0xc4, 0xc4]);
    const app1 = image.bytes.indexOf(0xe1, 2);
    expect(exifOrientation(image.bytes.subarray(app1 + 9, app1 + 35))).toBe(orientation);
  });

  it('a PNG loses eXIf, tEXt, iTXt, zTXt, tIME, private chunks and a trailer, and keeps gAMA', () => {
    const image = accepted(png(600, 400, { metadata: Object.values(PNG_METADATA), trailer: SECRET }));
    expect(contains(image.bytes, SECRET)).toBe(false);
    expect(pngChunks(image.bytes)).toEqual(['IHDR', 'gAMA', 'IDAT', 'IEND']);
  });

  it('a WebP loses EXIF and XMP, its VP8X flags say so and its RIFF size is the new length', () => {
    const file = webp(600, 400, { metadata: Object.values(WEBP_METADATA), trailer: SECRET });
    expect(file[20]! & 0x0c).toBe(0x0c);
    const image = accepted(file);
    expect(contains(image.bytes, SECRET)).toBe(false);
    expect(webpChunks(image.bytes)).toEqual(['VP8X', 'VP8L']);
    expect(image.bytes[20]! & 0x0c).toBe(0);
    expect(new DataView(image.bytes.buffer, image.bytes.byteOffset).getUint32(4, true)).toBe(image.bytes.length - 8);
  });
});

describe('a file that is not a usable document photo is refused with what to do', () => {
  const truncated = jpeg(600, 400);
  const badCrc = png(600, 400);
  badCrc[60] = badCrc[60]! ^ 0xff;
  const tallRiff = webp(600, 400);
  new DataView(tallRiff.buffer).setUint32(4, tallRiff.length, true);
  const zeroHeight = jpeg(600, 400);
  const sof = zeroHeight.indexOf(0xc0, 2);
  zeroHeight[sof + 4] = 0;
  zeroHeight[sof + 5] = 0;

  it.each([
    ['an empty file', new Uint8Array(0), 'document_not_image'],
    ['an HTML page named photo.jpg', new TextEncoder().encode('<!doctype html><script>alert(1)</script>'), 'document_not_image'],
    ['a PDF', new TextEncoder().encode('%PDF-1.7\n'), 'document_not_image'],
    ['an iPhone HEIC photo', HEIC, 'document_type_unsupported'],
    ['a file over 8 MB', new Uint8Array(DOCUMENT_MAX_BYTES + 1).fill(0xff), 'document_too_large'],
    ['a JPEG of 599 x 400', jpeg(599, 400), 'document_too_small'],
    ['a JPEG of 600 x 399', jpeg(600, 399), 'document_too_small'],
    ['a PNG of 320 x 240', png(320, 240), 'document_too_small'],
    ['a WebP of 500 x 500', webp(500, 500), 'document_too_small'],
    ['a JPEG 12 001 pixels wide', jpeg(12001, 400), 'document_too_many_pixels'],
    ['a WebP 12 001 pixels high', webp(600, 12001), 'document_too_many_pixels'],
    ['a PNG bomb: a small file whose header claims 7000 x 7000', withPngSize(png(600, 400), 7000, 7000), 'document_too_many_pixels'],
    ['a PNG bomb claiming 2^31 pixels a side', withPngSize(png(600, 400), 0x7fffffff, 0x7fffffff), 'document_too_many_pixels'],
    ['a JPEG cut short before its end', truncated.subarray(0, truncated.length - 40), 'document_damaged'],
    ['a JPEG with no frame header', new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'document_damaged'],
    ['a JPEG whose height comes later (DNL)', zeroHeight, 'document_damaged'],
    ['a PNG with a wrong CRC', badCrc, 'document_damaged'],
    ['a PNG cut short', png(600, 400).subarray(0, 200), 'document_damaged'],
    ['a PNG with an unknown critical chunk', png(600, 400, { metadata: [pngChunk('QQQQ', [1])] }), 'document_damaged'],
    ['a WebP whose RIFF size runs past the file', tallRiff, 'document_damaged'],
    ['an animated WebP', webp(600, 400, { flags: 0x02 }), 'document_not_image'],
  ])('%s: %s', (_name, file, code) => {
    const result = checkDocumentImage(file);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual({ code, message: ERRORS[code as keyof typeof ERRORS].message });
  });

  it('the HEIC refusal names the types that work', () => {
    expect(ERRORS.document_type_unsupported.message).toMatch(/JPEG, PNG or WebP/);
  });
});
