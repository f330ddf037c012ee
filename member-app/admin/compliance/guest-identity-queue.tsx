// The guest checkouts' identity checks waiting for a person, under the member queue of /sys-admin/compliance
// (roles compliance and admin): who, what they pay, the document they declared and its two photos (opened by
// the server for these roles only), when they were sent;
// Approve, or Reject with a reason the guest reads. The server captures or releases the guest's held card
// with the decision (server/checkout/clearance.ts) and audits it.
import { useCallback, useEffect, useState } from 'react';
import { decideGuestIdentityEndpoint, listGuestIdentities, type GuestIdentity } from '#core/contract/admin-guest-identity.ts';
import { REJECTION_REASONS, type RejectionReasonCode } from '#core/compliance/rejection-reasons.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { errorText } from '../../identity/error-text.ts';
import { useAdminComplianceT } from '../../i18n/use-admin-compliance-t.ts';
import { adminApi } from '../admin-api.ts';

const REASONS = Object.keys(REJECTION_REASONS) as RejectionReasonCode[];

export function GuestIdentityQueue() {
  const t = useAdminComplianceT();
  const locale = useBootStore((state) => state.locale);
  const [checks, setChecks] = useState<GuestIdentity[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await adminApi().call(listGuestIdentities, {});
    if (result.ok) setChecks(result.data.checks);
    else setFailure(errorText(result.error, locale));
  }, [locale]);
  useEffect(() => void load(), [load]);

  const decide = async (check: GuestIdentity, body: { decision: 'approve' } | { decision: 'reject'; reason: RejectionReasonCode }) => {
    setFailure(null);
    const result = await adminApi().call(decideGuestIdentityEndpoint, { params: { checkoutId: check.checkout_id }, body });
    if (!result.ok) return setFailure(errorText(result.error, locale));
    setDone(t('guest.done', { name: check.name || check.email, state: t(`state.${result.data.state}`) }));
    await load();
  };

  return (
    <section className="admin-card guest-kyc" aria-labelledby="guest-kyc-title">
      <h2 id="guest-kyc-title" className="guest-kyc__title">
        {t('guest.title')}
      </h2>
      <p className="admin-lead">{t('guest.lead')}</p>
      {failure ? (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      ) : null}
      <p role="status" className="guest-kyc__done">
        {done ?? ''}
      </p>
      {checks === null ? null : checks.length === 0 ? (
        <p>{t('guest.empty')}</p>
      ) : (
        <ul className="guest-kyc__list">
          {checks.map((check) => (
            <GuestCheck key={check.checkout_id} check={check} onDecide={decide} />
          ))}
        </ul>
      )}
    </section>
  );
}

function GuestCheck({ check, onDecide }: { check: GuestIdentity; onDecide: (check: GuestIdentity, body: { decision: 'approve' } | { decision: 'reject'; reason: RejectionReasonCode }) => Promise<void> }) {
  const t = useAdminComplianceT();
  const locale = useBootStore((state) => state.locale);
  const [reason, setReason] = useState<RejectionReasonCode>('document_unreadable');
  const [busy, setBusy] = useState(false);
  const apiBase = useWhiteLabel()?.configuration.api || '/v1';
  const name = check.name || check.email;
  const photo = (role: 'document' | 'selfie') => `${apiBase}/admin/guest-identities/${check.checkout_id}/photos/${role}`;
  const run = async (body: { decision: 'approve' } | { decision: 'reject'; reason: RejectionReasonCode }) => {
    setBusy(true);
    await onDecide(check, body);
    setBusy(false);
  };
  return (
    <li className="guest-kyc__item" aria-label={name}>
      <p className="guest-kyc__who">
        <strong>{name}</strong> <span>{check.email}</span>
      </p>
      <p>
        {t('guest.pays', { amount: check.amount, currency: check.currency })} · {t(`kind.${check.document_type}`)} {check.document_number} ({check.issue_country}) ·{' '}
        <time dateTime={check.submitted_at}>{new Date(check.submitted_at).toLocaleString(locale)}</time>
      </p>
      <div className="guest-kyc__photos">
        {(['document', 'selfie'] as const).map((role) => (
          <a key={role} href={photo(role)} target="_blank" rel="noopener">
            <img src={photo(role)} alt={t(role === 'document' ? 'guest.documentAlt' : 'guest.selfieAlt', { name })} loading="lazy" />
          </a>
        ))}
      </div>
      <div className="guest-kyc__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void run({ decision: 'approve' })}>
          {t('decide.approve')}
        </button>
        <label className="guest-kyc__reason">
          <span>{t('guest.reason')}</span>
          <select value={reason} onChange={(event) => setReason(event.target.value as RejectionReasonCode)}>
            {REASONS.map((code) => (
              <option key={code} value={code}>
                {REJECTION_REASONS[code][locale === 'es' ? 'es' : 'en']}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void run({ decision: 'reject', reason })}>
          {t('decide.reject')}
        </button>
      </div>
    </li>
  );
}
