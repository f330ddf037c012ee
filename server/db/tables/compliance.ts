// Kysely's view of migration identity_documents; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated } from 'kysely';
import type { DocumentImageType } from '#core/compliance/document-image.ts';
import type { DocumentKind, DocumentReviewState, DocumentSide } from '#core/compliance/document-kinds.ts';

export interface IdentityDocumentImagesTable {
  id: Generated<bigint>;
  provider_id: bigint;
  user_id: bigint;
  kind: DocumentKind;
  side: DocumentSide;
  content_type: DocumentImageType;
  byte_size: number;
  width: number;
  height: number;
  /** SHA-256 hex of the stored plaintext (the stripped photo). */
  sha256: string;
  /** The sealed photo (document-box.ts); never the photo itself. */
  ciphertext: Uint8Array;
  review_state: ColumnType<DocumentReviewState, DocumentReviewState | undefined, DocumentReviewState>;
  review_reason: string | null;
  reviewed_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export interface ComplianceTables {
  identity_document_images: IdentityDocumentImagesTable;
}
