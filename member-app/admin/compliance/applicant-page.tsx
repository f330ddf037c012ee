// /sys-admin/compliance/:userId: one applicant, side by side: what they gave (name, date of birth, address,
// the document declared) beside their photos (read from the operator-only address), and the decision:
// approve, reject with reasons the member reads, or ask for more (the steps and a note). The server
// audits every decision; the answer is the applicant after it.
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'wouter';
import { decideComplianceApplicant, getComplianceApplicant, REQUESTABLE_STEPS, type Applicant, type DecisionInput } from '#core/contract/admin-compliance.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { errorText } from '../../identity/error-text.ts';
import { useAdminComplianceT } from '../../i18n/use-admin-compliance-t.ts';
import { adminApi } from '../admin-api.ts';
import { AdminPage } from '../admin-layout.tsx';

export default function ApplicantPage() {
  const t = useAdminComplianceT();
  return <AdminPage area="compliance" title={t('decide.title')}>{() => <ApplicantView />}</AdminPage>;
}

function ApplicantView() {
  const t = useAdminComplianceT();
  const locale = useBootStore((state) => state.locale);
  const { userId = '' } = useParams<{ userId: string }>();
  const [applicant, setApplicant] = useState<Applicant | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void adminApi()
      .call(getComplianceApplicant, { params: { userId } })
      .then((result) => {
        if (!live) return;
        if (result.ok) setApplicant(result.data);
        else setFailure(errorText(result.error, locale));
      });
    return () => {
      live = false;
    };
  }, [userId, locale]);

  return (
    <>
      <p><Link href="/compliance">← {t('applicant.back')}</Link></p>
      {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}
      {!applicant && !failure ? <LoadingState label={t('applicant.loading')} /> : null}
      {applicant ? <ApplicantDetail applicant={applicant} onDecided={setApplicant} /> : null}
    </>
  );
}

function ApplicantDetail({ applicant, onDecided }: { applicant: Applicant; onDecided: (next: Applicant) => void }) {
  const t = useAdminComplianceT();
  const apiBase = useWhiteLabel()?.configuration.api || '/v1';
  const name = `${applicant.personal_data.first_name} ${applicant.personal_data.last_name}`.trim() || applicant.email;
  const address = [applicant.address.address1, applicant.address.address2, `${applicant.address.zip_code} ${applicant.address.city}`.trim(), applicant.address.country].filter(Boolean).join(', ');
  return (
    <>
      <h1 className="admin-title">{name} <span className={`kyc-state kyc-state--${applicant.state}`}>{t(`state.${applicant.state}`)}</span></h1>
      <div className="kyc-applicant">
        <section className="admin-card kyc-applicant__given" aria-labelledby="kyc-given">
          <h2 id="kyc-given">{t('applicant.given')}</h2>
          <dl className="kyc-facts">
            <dt>{t('applicant.name')}</dt><dd>{name}</dd>
            <dt>{t('applicant.dateOfBirth')}</dt><dd>{applicant.personal_data.date_of_birth || '—'}</dd>
            <dt>{t('applicant.address')}</dt><dd>{address || '—'}</dd>
            <dt>{t('applicant.email')}</dt><dd>{applicant.email}</dd>
            <dt>{t('applicant.document')}</dt>
            <dd>{applicant.document ? `${t(`kind.${applicant.document.type}`)} · ${applicant.document.number} · ${applicant.document.issue_country}` : t('applicant.noDocument')}</dd>
          </dl>
          {applicant.provider_decision ? <p className="kyc-facts__note">{t('applicant.providerDecision', { decision: applicant.provider_decision })}</p> : null}
          {applicant.reason_codes.length > 0 ? <p className="kyc-facts__note">{t('applicant.reasonsGiven', { reasons: applicant.reason_codes.join(', ') })}</p> : null}
        </section>
        <section className="admin-card kyc-applicant__photos" aria-labelledby="kyc-photos">
          <h2 id="kyc-photos">{t('applicant.photos')}</h2>
          {applicant.documents.length === 0 ? <p>{t('applicant.noPhotos')}</p> : null}
          <ul className="kyc-photos">
            {applicant.documents.map((document) => {
              const label = `${t(`kind.${document.kind}`)} ${t(`side.${document.side}`)}`.trim();
              return (
                <li key={document.id} className={`kyc-photos__item kyc-photos__item--${document.review_state}`}>
                  <a href={`${apiBase}/admin/compliance/${applicant.user_id}/documents/${document.id}`} target="_blank" rel="noopener">
                    <img src={`${apiBase}/admin/compliance/${applicant.user_id}/documents/${document.id}`} alt={t('applicant.photoAlt', { kind: t(`kind.${document.kind}`), side: t(`side.${document.side}`), name })} width={document.width} height={document.height} loading="lazy" />
                  </a>
                  <span className="kyc-photos__caption">{label} · {t(`photoState.${document.review_state}`)}</span>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
      <DecisionForm applicant={applicant} onDecided={onDecided} />
    </>
  );
}

function DecisionForm({ applicant, onDecided }: { applicant: Applicant; onDecided: (next: Applicant) => void }) {
  const t = useAdminComplianceT();
  const locale = useBootStore((state) => state.locale);
  const [kind, setKind] = useState<'approve' | 'reject' | 'more'>('approve');
  const [reasons, setReasons] = useState<string[]>([]);
  const [steps, setSteps] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const deciding = applicant.state === 'review' || applicant.state === 'pending';
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const trimmed = note.trim();
    const body = (kind === 'approve'
      ? { decision: 'approve', ...(trimmed ? { note: trimmed } : {}) }
      : kind === 'reject'
        ? { decision: 'reject', reasons, ...(trimmed ? { note: trimmed } : {}) }
        : { decision: 'more', steps, note: trimmed }) as DecisionInput;
    const result = await adminApi().call(decideComplianceApplicant, { params: { userId: applicant.user_id }, body });
    setBusy(false);
    if (!result.ok) {
      const fields = result.error.fields ? Object.values(result.error.fields).flat().join(' ') : '';
      setMessage({ tone: 'error', text: fields || errorText(result.error, locale) });
      return;
    }
    onDecided(result.data);
    setMessage({ tone: 'success', text: t('decide.done', { state: t(`state.${result.data.state}`) }) });
  };

  return (
    <section className="admin-card kyc-decide" aria-labelledby="kyc-decide-title">
      <h2 id="kyc-decide-title">{t('decide.title')}</h2>
      {message ? <p className={`form-alert form-alert--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>{message.text}</p> : null}
      {!deciding ? (
        <p>{t('decide.notDeciding')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="kyc-decide__form">
          <fieldset className="kyc-decide__kinds">
            <legend>{t('decide.kind')}</legend>
            {(['approve', 'reject', 'more'] as const).map((option) => (
              <label key={option} className="kyc-decide__choice">
                <input type="radio" name="decision" value={option} checked={kind === option} onChange={() => setKind(option)} /> {t(`decide.${option}`)}
              </label>
            ))}
          </fieldset>
          {kind === 'reject' ? (
            <fieldset>
              <legend>{t('decide.reasons')}</legend>
              {applicant.reasons.map((reason) => (
                <label key={reason.code} className="kyc-decide__check">
                  <input type="checkbox" checked={reasons.includes(reason.code)} onChange={() => setReasons(toggle(reasons, reason.code))} />
                  <span><code>{reason.code}</code> {locale === 'es' ? reason.es : reason.en}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {kind === 'more' ? (
            <fieldset>
              <legend>{t('decide.steps')}</legend>
              {REQUESTABLE_STEPS.map((step) => (
                <label key={step} className="kyc-decide__check">
                  <input type="checkbox" checked={steps.includes(step)} onChange={() => setSteps(toggle(steps, step))} /> {t(`step.${step}`)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="form-field">
            <label className="form-field__label" htmlFor="kyc-note">{t('decide.note')}</label>
            <textarea id="kyc-note" className="form-field__input" rows={3} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} aria-describedby="kyc-note-hint" />
            <p id="kyc-note-hint" className="form-field__hint">{t('decide.noteHint')}</p>
          </div>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>{t('decide.submit')}</button>
        </form>
      )}
    </section>
  );
}
