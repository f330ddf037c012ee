// Kysely's view of migrations identity_documents and kyc_applications; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated } from 'kysely';
import type { DocumentImageType } from '#core/compliance/document-image.ts';
import type { DocumentKind, DocumentReviewState, DocumentSide } from '#core/compliance/document-kinds.ts';
import type { KycState } from '#core/compliance/kyc-state.ts';
import type { DocumentType } from '#core/contract/verify.ts';

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

/** Kysely's view of migration kyc_applications: one current identity check per member. */
export interface KycApplicationsTable {
  id: Generated<bigint>;
  provider_id: bigint;
  user_id: bigint;
  state: ColumnType<KycState, KycState | undefined, KycState>;
  level_asked: string | null;
  personal_data_at: Date | null;
  address_at: Date | null;
  document_type: DocumentType | null;
  document_number: string | null;
  issue_country: string | null;
  submitted_at: Date | null;
  decided_at: Date | null;
  /** An operator id (no foreign key: the operators table is the console's); NULL for the provider's own decision. */
  decided_by: bigint | null;
  /** Set at the first approval; users.compliance_status stays 'successful' from then on. */
  identity_approved_at: Date | null;
  /** RejectionReasonCode[] as jsonb (write with toJsonb). */
  reason_codes: ColumnType<string[], string | undefined, string>;
  note: string | null;
  provider_decision: string | null;
  provider_applicant_id: string | null;
  /** StepId[] as jsonb (write with toJsonb). */
  reopened_steps: ColumnType<string[], string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ComplianceTables {
  identity_document_images: IdentityDocumentImagesTable;
  kyc_applications: KycApplicationsTable;
}
