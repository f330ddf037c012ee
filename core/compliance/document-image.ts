// Whether an uploaded identity-document photo can be kept, decided from its bytes alone: the type is
// sniffed from the signature (core/image-signature.ts, shared with the merchant logo check), the pixel
// size is read from the headers without decoding, and the metadata is cut out without re-encoding
// (jpeg-segments.ts, png-chunks.ts, webp-chunks.ts), so what we store is the camera's own pixels with no
// GPS position, device serial or editing history. HEIC is refused: checking and stripping it honestly needs
// an ISO-BMFF item walker and an HEVC-aware reader we do not have in plain JS, and a refusal that says
// which formats work is better than a file we only half understand.

import { appError, type AppError } from '../errors.ts';
import { isHeif, rasterType, type RasterType } from '../image-signature.ts';
import { stripJpeg } from './jpeg-segments.ts';
import type { ParsedImage } from './parsed-image.ts';
import { stripPng } from './png-chunks.ts';
import { stripWebp } from './webp-chunks.ts';

export const DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
/** A document must be readable: at least this many pixels on its long and short sides, either way up. */
export const DOCUMENT_MIN_LONG_SIDE_PX = 600;
export const DOCUMENT_MIN_SHORT_SIDE_PX = 400;
/** A decompression bomb declares a huge canvas in a small file; the headers are refused before any decoding. */
export const DOCUMENT_MAX_SIDE_PX = 12_000;
export const DOCUMENT_MAX_PIXELS = 40_000_000;

export type DocumentImageType = RasterType;

export interface DocumentImage {
  type: DocumentImageType;
  width: number;
  height: number;
  /** The file with its metadata removed: what is stored and hashed. */
  bytes: Uint8Array;
}

export type DocumentImageCheck = { ok: true; image: DocumentImage } | { ok: false; error: AppError };

const READERS: Record<RasterType, (bytes: Uint8Array) => ParsedImage> = {
  'image/jpeg': stripJpeg,
  'image/png': stripPng,
  'image/webp': stripWebp,
};

const refuse = (code: AppError['code']): DocumentImageCheck => ({ ok: false, error: appError(code) });

export function checkDocumentImage(bytes: Uint8Array): DocumentImageCheck {
  if (bytes.length > DOCUMENT_MAX_BYTES) return refuse('document_too_large');
  if (isHeif(bytes)) return refuse('document_type_unsupported');
  const type = rasterType(bytes);
  if (!type) return refuse('document_not_image');
  const parsed = READERS[type](bytes);
  if (!parsed.ok) return refuse(parsed.code);
  const { width, height } = parsed;
  if (width > DOCUMENT_MAX_SIDE_PX || height > DOCUMENT_MAX_SIDE_PX || width * height > DOCUMENT_MAX_PIXELS) return refuse('document_too_many_pixels');
  if (Math.max(width, height) < DOCUMENT_MIN_LONG_SIDE_PX || Math.min(width, height) < DOCUMENT_MIN_SHORT_SIDE_PX) return refuse('document_too_small');
  return { ok: true, image: { type, width, height, bytes: parsed.bytes } };
}
