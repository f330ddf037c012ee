// The identity documents a member can send (spec §2 compliance steps): which kinds exist, which sides
// each has, and the review states a document goes through. The database checks the same pairs
// (migration identity_documents), so a wrong side cannot be stored by another path.

export const DOCUMENT_KINDS = ['passport', 'id_card', 'driving_licence', 'proof_of_address', 'selfie'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_SIDES = ['front', 'back', 'none'] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

/** submitted: waiting for an operator; more_requested: the operator asked for a better photo. */
export const DOCUMENT_REVIEW_STATES = ['submitted', 'approved', 'rejected', 'more_requested'] as const;
export type DocumentReviewState = (typeof DOCUMENT_REVIEW_STATES)[number];

// A passport's photo page is one image; cards carry data on both faces.
const TWO_SIDED: ReadonlySet<DocumentKind> = new Set(['id_card', 'driving_licence']);

export function sidesOf(kind: DocumentKind): readonly DocumentSide[] {
  return TWO_SIDED.has(kind) ? ['front', 'back'] : ['none'];
}

export function isSideOf(kind: DocumentKind, side: DocumentSide): boolean {
  return sidesOf(kind).includes(side);
}
