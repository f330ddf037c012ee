// The member's own photos that still stand for a step, as thumbnails: the photo itself scaled by the browser
// (the server keeps no thumbnail, see server/compliance/README.md), read from the owner-only address.
import type { Compliance } from '#core/contract/compliance.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';

export function Thumbnails({ compliance }: { compliance: Compliance }) {
  const t = useComplianceT();
  const apiBase = useWhiteLabel()?.configuration.api || '/v1';
  const shown = compliance.uploads.filter((upload) => upload.review_state === 'submitted' || upload.review_state === 'approved');
  if (shown.length === 0) return null;
  const label = (kind: string, side: string) => `${t(kind === 'selfie' ? 'photo.selfie' : kind === 'proof_of_address' ? 'step.proof_of_address' : `document.${kind as 'passport' | 'id_card' | 'driving_licence'}`)}${side === 'none' ? '' : ` (${t(side === 'back' ? 'side.back' : 'side.front')})`}`;
  return (
    <>
    <h3 className="kyc-thumbs__title">{t('photo.yours')}</h3>
    <ul className="kyc-thumbs">
      {shown.map((upload) => (
        <li key={upload.id} className="kyc-thumbs__item">
          <img src={`${apiBase}/compliance/documents/${upload.id}`} alt={t('photo.thumbnail', { label: label(upload.kind, upload.side) })} loading="lazy" width={upload.width} height={upload.height} />
          <span className="kyc-thumbs__caption">{label(upload.kind, upload.side)}</span>
        </li>
      ))}
    </ul>
    </>
  );
}
