// A JPEG's metadata cut out without re-encoding: the file is walked marker by marker and rebuilt from the
// segments a decoder needs. Kept: APP0 "JFIF", APP2 "ICC_PROFILE" (colours), APP14 "Adobe" (its transform
// flag decides how a CMYK/YCbCr file is decoded; it holds no personal data), the tables, frame, scans and
// EOI. Dropped: APP1 (EXIF with GPS and the camera serial, XMP), every other APPn (MPF's hidden second
// pictures, vendors' notes), comments, and any bytes after EOI (appended trailers). A phone photo taken
// upright is often stored sideways with EXIF Orientation saying how to turn it, so that one tag survives
// as a new, minimal EXIF segment holding nothing else.

import { concat, DAMAGED, hasPrefix, type ParsedImage } from './parsed-image.ts';

const SOI = new Uint8Array([0xff, 0xd8]);
const EOI = new Uint8Array([0xff, 0xd9]);
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
const SOS = 0xda;

// SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
const isFrameMarker = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isStandalone = (marker: number) => marker === 0x01 || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd8);

function keepSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === APP0) return hasPrefix(payload, 'JFIF\0');
  if (marker === APP2) return hasPrefix(payload, 'ICC_PROFILE\0');
  if (marker === APP14) return hasPrefix(payload, 'Adobe');
  if (marker >= APP1 && marker <= 0xef) return false;
  return marker !== COM;
}

/** Where the entropy-coded data of a scan ends: the first marker that is not stuffing (FF00) or a restart. */
function scanEnd(bytes: Uint8Array, from: number): number | null {
  for (let i = from; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1] as number;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return i;
  }
  return null;
}

export function stripJpeg(bytes: Uint8Array): ParsedImage {
  const kept: Uint8Array[] = [SOI];
  let size: { width: number; height: number } | null = null;
  let orientation = 1;
  let afterJfif = 1;
  let at = 2;
  for (;;) {
    if (bytes[at] !== 0xff) return DAMAGED;
    while (bytes[at + 1] === 0xff) at++;
    const marker = bytes[at + 1];
    if (marker === undefined) return DAMAGED;
    if (marker === 0xd9) break;
    if (isStandalone(marker) || at + 4 > bytes.length) return DAMAGED;
    const end = at + 2 + (((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
    if (end < at + 4 || end > bytes.length) return DAMAGED;
    const payload = bytes.subarray(at + 4, end);
    if (marker === APP1 && hasPrefix(payload, 'Exif\0\0')) orientation = exifOrientation(payload.subarray(6)) ?? orientation;
    if (isFrameMarker(marker) && !size) {
      if (payload.length < 6) return DAMAGED;
      size = { height: ((payload[1] as number) << 8) | (payload[2] as number), width: ((payload[3] as number) << 8) | (payload[4] as number) };
      // A height of 0 is announced later in a DNL segment; cameras never write it, and we cannot size it up front.
      if (size.width === 0 || size.height === 0) return DAMAGED;
    }
    if (keepSegment(marker, payload)) {
      kept.push(bytes.subarray(at, end));
      if (marker === APP0 && kept.length === 2) afterJfif = 2;
    }
    at = end;
    if (marker === SOS) {
      if (!size) return DAMAGED;
      const next = scanEnd(bytes, at);
      if (next === null) return DAMAGED;
      kept.push(bytes.subarray(at, next));
      at = next;
    }
  }
  if (!size) return DAMAGED;
  kept.push(EOI);
  if (orientation !== 1) kept.splice(afterJfif, 0, orientationSegment(orientation));
  return { ok: true, ...size, bytes: concat(kept) };
}

/** The EXIF Orientation tag (0x0112) of IFD0, 1..8, or null when absent or unreadable. */
export function exifOrientation(tiff: Uint8Array): number | null {
  const little = hasPrefix(tiff, 'II');
  if (!little && !hasPrefix(tiff, 'MM')) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const u16 = (offset: number) => (offset + 2 <= tiff.length ? view.getUint16(offset, little) : null);
  const u32 = (offset: number) => (offset + 4 <= tiff.length ? view.getUint32(offset, little) : null);
  const ifd = u32(4);
  const count = ifd === null ? null : u16(ifd);
  if (ifd === null || count === null) return null;
  for (let entry = ifd + 2; entry < ifd + 2 + count * 12; entry += 12) {
    if (u16(entry) !== 0x0112) continue;
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : null;
    return value !== null && value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** APP1 "Exif" holding one big-endian IFD0 with only the Orientation tag: 34 bytes after the marker. */
export function orientationSegment(orientation: number): Uint8Array {
  return new Uint8Array([
    0xff, APP1, 0, 34,
    ...[0x45, 0x78, 0x69, 0x66, 0, 0], // "Exif\0\0"
    ...[0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8], // "MM", 42, IFD0 at offset 8
    0, 1, // one entry
    ...[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0], // Orientation, SHORT, count 1, value
    0, 0, 0, 0, // no next IFD
  ]);
}
