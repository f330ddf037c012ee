import { inflateSync } from 'node:zlib';
import jpegJs from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocumentImage } from '#core/compliance/document-image.ts';
import type { DocumentKind, DocumentSide } from '#core/compliance/document-kinds.ts';
import { ERRORS, type ErrorCode } from '#core/errors.ts';
import {
  contains, HEIC, jpeg, JPEG_METADATA, jpegSegment, exifPayload, png, PNG_METADATA, SECRET, webp, WEBP_METADATA,
} from '#core/compliance/test-images.fixture.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { DEMO_MEMBER, DEMO_MERCHANT, seed } from '../seed/seed.ts';
import { openTestDatabase, testDatabases } from '../test-database.ts';
import { documentBoxFor } from './document-box.ts';
import { DOCUMENTS_PER_MEMBER_MAX, listDocuments, readDocument, storeDocument, type Member } from './documents.ts';

const box = documentBoxFor({ APP_SECRET: 'document-test-secret-'.repeat(2), MODE: 'test' });
/**
 * The stored plaintext parsed as its format's decoder would: a JPEG decoded to pixels (jpeg-js), a PNG's
 * IDAT inflated to exactly its rows, a WebP's chunks walked to the end of its RIFF size. Returns the pixel
 * size found, so a strip that broke the file fails here.
 */
function decodedSize(type: string, bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/jpeg') {
    const { width, height, data } = jpegJs.decode(bytes, { useTArray: true, formatAsRGBA: true });
    expect(data.length).toBe(width * height * 4);
    return { width, height };
  }
  if (type === 'image/png') {
    const idat: Uint8Array[] = [];
    for (let at = 8; at < bytes.length; at += 12 + view.getUint32(at)) {
      if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + view.getUint32(at)));
    }
    const [width, height] = [view.getUint32(16), view.getUint32(20)];
    expect(inflateSync(Buffer.concat(idat)).length).toBe(height * (1 + Math.ceil(width / 8)));
    return { width, height };
  }
  expect(view.getUint32(4, true) + 8).toBe(bytes.length);
  let at = 12;
  while (String.fromCharCode(...bytes.subarray(at, at + 4)) !== 'VP8L') at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) & 1);
  expect(bytes[at + 8]).toBe(0x2f);
  const bits = view.getUint32(at + 9, true);
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

const passport = (bytes: Uint8Array) => ({ kind: 'passport' as const, side: 'none' as const, bytes });

describe.each(testDatabases())('identity documents on $name', ({ name }) => {
  let database: DatabaseHandle;
  let alex: Member;
  let sam: Member;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(name);
    await seed(database, { mode: 'test', shopUrl: 'http://127.0.0.1:4182' });
    const memberOf = async (email: string) => {
      const row = await db().selectFrom('users').select(['id', 'provider_id']).where('email', '=', email).orderBy('id').executeTakeFirstOrThrow();
      return { userId: row.id, providerId: row.provider_id };
    };
    alex = await memberOf(DEMO_MEMBER.email);
    sam = await memberOf(DEMO_MERCHANT.email);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function stored(member: Member, bytes: Uint8Array, kind: DocumentKind = 'passport', side: DocumentSide = 'none') {
    const result = await storeDocument(db(), box, member, { kind, side, bytes });
    if (!result.ok) throw new Error(`refused: ${result.error.code}`);
    return result.document;
  }

  it.each([
    ['a phone JPEG with EXIF, XMP, IPTC and a comment', jpeg(1200, 800, { metadata: Object.values(JPEG_METADATA) }), 'image/jpeg'],
    ['a PNG with eXIf and text chunks', png(600, 400, { metadata: Object.values(PNG_METADATA) }), 'image/png'],
    ['a WebP with EXIF and XMP', webp(800, 600, { metadata: Object.values(WEBP_METADATA) }), 'image/webp'],
  ])('%s is stored sealed and reads back to its owner without its metadata', async (_name, file, contentType) => {
    const document = await stored(alex, file);
    expect(document).toMatchObject({ kind: 'passport', side: 'none', contentType, reviewState: 'submitted', reviewReason: null });

    const row = await db().selectFrom('identity_document_images').selectAll().where('id', '=', document.id).executeTakeFirstOrThrow();
    expect(row.provider_id).toBe(alex.providerId);
    // At rest: neither the photo's bytes nor its secret text are in the row.
    expect(contains(row.ciphertext, SECRET)).toBe(false);
    expect(Buffer.from(row.ciphertext).includes(Buffer.from(file.subarray(0, 12)))).toBe(false);

    const read = await readDocument(db(), box, alex, document.id);
    if (!read.ok) throw new Error(read.error.code);
    // The stored plaintext parses as the same image with nothing left to strip, and no secret in it.
    expect(contains(read.document.bytes, SECRET)).toBe(false);
    const reparsed = checkDocumentImage(read.document.bytes);
    expect(reparsed.ok && reparsed.image.bytes).toEqual(read.document.bytes);
    expect(read.document.byteSize).toBe(read.document.bytes.length);
    expect(read.document.bytes.length).toBeLessThan(file.length);
    expect(decodedSize(contentType, read.document.bytes)).toEqual({ width: document.width, height: document.height });
  });

  it('a turned phone photo keeps its EXIF Orientation and nothing else of its EXIF', async () => {
    const document = await stored(alex, jpeg(800, 600, { metadata: [jpegSegment(0xe1, exifPayload(6))] }));
    const read = await readDocument(db(), box, alex, document.id);
    expect(read.ok && contains(read.document.bytes, SECRET)).toBe(false);
    expect(read.ok && contains(read.document.bytes, 'Exif')).toBe(true);
  });

  it('an ID card front and back are two rows; the list shows them newest first and without bytes', async () => {
    const front = await stored(sam, jpeg(856, 540), 'id_card', 'front');
    const back = await stored(sam, jpeg(856, 540), 'id_card', 'back');
    const list = await listDocuments(db(), sam);
    expect(list.map((d) => [d.id, d.side])).toEqual([[back.id, 'back'], [front.id, 'front']]);
    for (const entry of list) {
      expect(entry).not.toHaveProperty('bytes');
      expect(entry).not.toHaveProperty('ciphertext');
      expect(entry).toMatchObject({ width: 856, height: 540, contentType: 'image/jpeg' });
    }
  });

  it('one member cannot read another member\'s document, nor through another provider', async () => {
    const document = await stored(alex, png(600, 400));
    const otherProvider = await db().selectFrom('providers').select('id').where('id', '!=', alex.providerId).executeTakeFirstOrThrow();
    for (const reader of [sam, { userId: alex.userId, providerId: otherProvider.id }]) {
      const read = await readDocument(db(), box, reader, document.id);
      expect(read).toEqual({ ok: false, error: { code: 'document_not_found', message: ERRORS.document_not_found.message } });
    }
    expect((await listDocuments(db(), sam)).some((d) => d.id === document.id)).toBe(false);
  });

  it('a tampered ciphertext is refused on read', async () => {
    const document = await stored(alex, jpeg(600, 400));
    const row = await db().selectFrom('identity_document_images').select('ciphertext').where('id', '=', document.id).executeTakeFirstOrThrow();
    const tampered = Uint8Array.from(row.ciphertext);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 0x01;
    await db().updateTable('identity_document_images').set({ ciphertext: tampered }).where('id', '=', document.id).execute();
    await expect(readDocument(db(), box, alex, document.id)).rejects.toThrow();
  });

  it.each([
    ['another member\'s row', () => sam],
    ['another row of the same member', () => alex],
  ])('a box copied onto %s does not open', async (_name, target) => {
    const original = await stored(alex, jpeg(640, 480));
    const victim = await stored(target(), jpeg(640, 480));
    const source = await db().selectFrom('identity_document_images').select(['ciphertext', 'sha256', 'byte_size']).where('id', '=', original.id).executeTakeFirstOrThrow();
    await db().updateTable('identity_document_images').set(source).where('id', '=', victim.id).execute();
    await expect(readDocument(db(), box, target(), victim.id)).rejects.toThrow();
  });

  it.each<[string, DocumentKind, DocumentSide, Uint8Array, ErrorCode]>([
    ['a passport with a side', 'passport', 'front', jpeg(600, 400), 'document_side_invalid'],
    ['an ID card without a side', 'id_card', 'none', jpeg(600, 400), 'document_side_invalid'],
    ['a selfie with a back', 'selfie', 'back', jpeg(600, 400), 'document_side_invalid'],
    ['a PDF proof of address', 'proof_of_address', 'none', new TextEncoder().encode('%PDF-1.7\n'), 'document_not_image'],
    ['an iPhone HEIC passport', 'passport', 'none', HEIC, 'document_type_unsupported'],
    ['a file over 8 MB', 'selfie', 'none', new Uint8Array(8 * 1024 * 1024 + 1).fill(0xff), 'document_too_large'],
    ['a thumbnail-sized selfie', 'selfie', 'none', jpeg(320, 240), 'document_too_small'],
    ['a bomb of 13 000 x 400', 'passport', 'none', webp(13000, 400), 'document_too_many_pixels'],
    ['a truncated photo', 'driving_licence', 'back', jpeg(600, 400).subarray(0, 300), 'document_damaged'],
  ])('%s is refused with %s and nothing is stored', async (_name, kind, side, bytes, code) => {
    const before = await listDocuments(db(), alex);
    const result = await storeDocument(db(), box, alex, { kind, side, bytes });
    expect(result).toEqual({ ok: false, error: { code, message: ERRORS[code].message } });
    expect(await listDocuments(db(), alex)).toEqual(before);
  });

  it('a member whose user is not in the named provider stores nothing', async () => {
    const result = await storeDocument(db(), box, { userId: alex.userId, providerId: alex.providerId + 1000n }, passport(jpeg(600, 400)));
    expect(result.ok).toBe(false);
  });

  it(`a member keeps at most ${DOCUMENTS_PER_MEMBER_MAX} photos`, async () => {
    await db().deleteFrom('identity_document_images').where('user_id', '=', sam.userId).execute();
    const file = jpeg(600, 400);
    for (let i = 0; i < DOCUMENTS_PER_MEMBER_MAX; i++) await stored(sam, file, 'selfie');
    const result = await storeDocument(db(), box, sam, { kind: 'selfie', side: 'none', bytes: file });
    expect(result).toEqual({ ok: false, error: { code: 'document_limit_reached', message: ERRORS.document_limit_reached.message } });
    expect(await listDocuments(db(), sam)).toHaveLength(DOCUMENTS_PER_MEMBER_MAX);
  });

  it.each([
    ['an ID card stored with side none', { kind: 'id_card', side: 'none' }],
    ['a reviewed state without a time', { review_state: 'approved' }],
    ['a rejection without a reason', { review_state: 'rejected', reviewed_at: new Date() }],
  ])('the database itself refuses %s', async (_name, change) => {
    const document = await stored(alex, jpeg(600, 400));
    await expect(db().updateTable('identity_document_images').set(change as never).where('id', '=', document.id).execute()).rejects.toThrow(/check constraint/);
  });
});
