// A member's identity-document photos: stored checked, stripped and sealed; read back only by their owner
// (and, later, by the operators allowed to review them); listed without their bytes. Nothing here logs:
// a photo, its hash or a document number never reaches a log line (server/plugins/logging.ts also
// redacts such fields should a caller log an object holding one).

import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { checkDocumentImage, type DocumentImageType } from '#core/compliance/document-image.ts';
import { isSideOf, type DocumentKind, type DocumentReviewState, type DocumentSide } from '#core/compliance/document-kinds.ts';
import { appError, type AppError } from '#core/errors.ts';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import type { DocumentBox } from './document-box.ts';
import type { IdentityDocumentImagesTable } from '../db/tables/compliance.ts';

/** A member keeps at most this many photos, so uploads cannot fill the database (about 240 MB at 8 MB each). */
export const DOCUMENTS_PER_MEMBER_MAX = 30;

export interface Member {
  providerId: bigint;
  userId: bigint;
}

/** What a list shows: never the bytes. */
export interface DocumentSummary {
  id: bigint;
  kind: DocumentKind;
  side: DocumentSide;
  contentType: DocumentImageType;
  byteSize: number;
  width: number;
  height: number;
  reviewState: DocumentReviewState;
  reviewReason: string | null;
  createdAt: Date;
}

export interface DocumentFile extends DocumentSummary {
  bytes: Uint8Array;
}

export type StoreResult = { ok: true; document: DocumentSummary } | { ok: false; error: AppError };
export type ReadResult = { ok: true; document: DocumentFile } | { ok: false; error: AppError };

const SUMMARY_COLUMNS = ['id', 'kind', 'side', 'content_type', 'byte_size', 'width', 'height', 'review_state', 'review_reason', 'created_at'] as const;

type SummaryRow = Pick<Selectable<IdentityDocumentImagesTable>, (typeof SUMMARY_COLUMNS)[number]>;

function summary(row: SummaryRow): DocumentSummary {
  return {
    id: row.id, kind: row.kind, side: row.side, contentType: row.content_type, byteSize: row.byte_size, width: row.width,
    height: row.height, reviewState: row.review_state, reviewReason: row.review_reason, createdAt: row.created_at,
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Check, strip, seal and insert in one transaction; a refusal is a value with a code the member can act on. */
export async function storeDocument(
  db: Kysely<Database>,
  box: DocumentBox,
  member: Member,
  upload: { kind: DocumentKind; side: DocumentSide; bytes: Uint8Array },
): Promise<StoreResult> {
  if (!isSideOf(upload.kind, upload.side)) return { ok: false, error: appError('document_side_invalid') };
  const checked = checkDocumentImage(upload.bytes);
  if (!checked.ok) return checked;
  const { image } = checked;
  return db.transaction().execute(async (trx): Promise<StoreResult> => {
    // The member's row, locked, so two uploads at once cannot both pass the count below.
    const user = await trx.selectFrom('users').select('id').where('id', '=', member.userId).where('provider_id', '=', member.providerId).forUpdate().executeTakeFirst();
    if (!user) return { ok: false, error: appError('forbidden') };
    const { count } = await trx.selectFrom('identity_document_images').select((eb) => eb.fn.countAll<string>().as('count')).where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    if (Number(count) >= DOCUMENTS_PER_MEMBER_MAX) return { ok: false, error: appError('document_limit_reached') };
    // The row id is sealed into the box, so it is taken before the insert.
    const { rows } = await sql<{ id: bigint }>`SELECT nextval(pg_get_serial_sequence('identity_document_images', 'id')) AS id`.execute(trx);
    const id = BigInt((rows[0] as { id: bigint | string }).id);
    const row = await trx
      .insertInto('identity_document_images')
      .values({
        id, provider_id: member.providerId, user_id: member.userId, kind: upload.kind, side: upload.side, content_type: image.type,
        byte_size: image.bytes.length, width: image.width, height: image.height, sha256: sha256(image.bytes),
        ciphertext: box.seal({ userId: member.userId, documentId: id }, image.bytes),
      })
      .returning(SUMMARY_COLUMNS)
      .executeTakeFirstOrThrow();
    return { ok: true, document: summary(row) };
  });
}

/** The owner's photo, opened and checked against its hash; another member's id answers not found. */
export async function readDocument(db: Db, box: DocumentBox, member: Member, documentId: bigint): Promise<ReadResult> {
  const row = await db
    .selectFrom('identity_document_images')
    .select([...SUMMARY_COLUMNS, 'sha256', 'ciphertext', 'user_id'])
    .where('id', '=', documentId)
    .where('user_id', '=', member.userId)
    .where('provider_id', '=', member.providerId)
    .executeTakeFirst();
  if (!row) return { ok: false, error: appError('document_not_found') };
  const bytes = box.open({ userId: row.user_id, documentId: row.id }, row.ciphertext);
  // GCM already refuses an altered box; the hash also catches a box sealed for this row from other bytes.
  if (sha256(bytes) !== row.sha256) throw new Error('identity document: the opened photo does not match its hash');
  return { ok: true, document: { ...summary(row), bytes } };
}

/** A member's photos, newest first, without their bytes (the ciphertext is never selected). */
export async function listDocuments(db: Db, member: Member): Promise<DocumentSummary[]> {
  const rows = await db
    .selectFrom('identity_document_images')
    .select(SUMMARY_COLUMNS)
    .where('user_id', '=', member.userId)
    .where('provider_id', '=', member.providerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(summary);
}

/**
 * A photo for an operator of the member's provider (the console's compliance queue, roles compliance and
 * admin only: the route checks the role). Another provider's photo is not found, as for members.
 */
export async function readDocumentForOperator(db: Db, box: DocumentBox, providerId: bigint, userId: bigint, documentId: bigint): Promise<ReadResult> {
  return readDocument(db, box, { providerId, userId }, documentId);
}
