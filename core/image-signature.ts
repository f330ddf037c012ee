// What kind of raster image a file is, decided from its first bytes alone (never its name or the
// Content-Type a browser claimed). Shared by the merchant logo check (core/payments/logo-file.ts) and the
// identity-document check (core/compliance/document-image.ts), so both read a signature the same way.

export type RasterType = 'image/png' | 'image/jpeg' | 'image/webp';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

export function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

export const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

export function rasterType(bytes: Uint8Array): RasterType | null {
  // A PNG's first chunk is always IHDR.
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, ascii('IHDR'), 12)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * HEIF and AVIF (an ISO-BMFF "ftyp" box with an image brand): what an iPhone's camera saves by default.
 * Named so a refusal can say what the file is and what to send instead.
 */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);

export function isHeif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  return HEIF_BRANDS.has(brand);
}
