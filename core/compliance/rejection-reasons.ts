// The reasons a submission is rejected for, each one a member can act on: what to fix, in the member's
// language, and which steps it reopens (compliance-steps.ts). The test provider decides with them and
// an operator picks one in the console, so the member reads the same words whoever decided.
// A reason a member cannot fix (a sanctions hit, suspected fraud) is not here on purpose: such a
// decision is an operator's and is not explained to the member in these words.

import type { StepId } from './compliance-steps.ts';

export interface RejectionReason {
  /** The steps the member does again; the rest of what they sent stays. */
  reopens: readonly StepId[];
  en: string;
  es: string;
}

export const REJECTION_REASONS = {
  document_unreadable: {
    reopens: ['identity_document'],
    en: 'We could not read your document. Take new photos in good light, with all four corners in the frame and no glare.',
    es: 'No hemos podido leer tu documento. Haz fotos nuevas con buena luz, con las cuatro esquinas dentro del encuadre y sin reflejos.',
  },
  document_expired: {
    reopens: ['identity_document'],
    en: 'Your document has expired. Send a document that is still valid.',
    es: 'Tu documento ha caducado. Envía un documento que siga siendo válido.',
  },
  document_unsupported: {
    reopens: ['identity_document'],
    en: 'We cannot accept this kind of document. Send a passport, a national ID card or a driving licence.',
    es: 'No podemos aceptar este tipo de documento. Envía un pasaporte, un documento nacional de identidad o un permiso de conducir.',
  },
  name_mismatch: {
    reopens: ['personal_data', 'identity_document'],
    en: 'The name on your document does not match the name you gave. Correct your personal data so it matches the document exactly, or send a document in your name.',
    es: 'El nombre de tu documento no coincide con el que nos diste. Corrige tus datos personales para que coincidan exactamente con el documento, o envía un documento a tu nombre.',
  },
  date_of_birth_mismatch: {
    reopens: ['personal_data'],
    en: 'The date of birth on your document does not match the one you gave. Correct it in your personal data.',
    es: 'La fecha de nacimiento de tu documento no coincide con la que nos diste. Corrígela en tus datos personales.',
  },
  selfie_mismatch: {
    reopens: ['selfie'],
    en: 'We could not match your selfie to the photo on your document. Take a new selfie facing the camera in good light, without glasses or a hat.',
    es: 'No hemos podido comparar tu selfi con la foto de tu documento. Haz un selfi nuevo mirando a la cámara, con buena luz y sin gafas ni gorra.',
  },
  proof_of_address_unacceptable: {
    reopens: ['proof_of_address'],
    en: 'Your proof of address must be a bank statement or a utility bill from the last 3 months, showing your name and the address you gave. Send another one.',
    es: 'Tu justificante de domicilio debe ser un extracto bancario o una factura de suministros de los últimos 3 meses, con tu nombre y la dirección que nos diste. Envía otro.',
  },
} as const satisfies Record<string, RejectionReason>;

export type RejectionReasonCode = keyof typeof REJECTION_REASONS;

export function isRejectionReason(value: unknown): value is RejectionReasonCode {
  return typeof value === 'string' && Object.hasOwn(REJECTION_REASONS, value);
}
