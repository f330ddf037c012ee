// The identity check as the member walks it, on /compliance and inside onboarding: where it stands, the
// steps with their progress, the one step to do now (or the send button), the member's own thumbnails and,
// in test mode, the test provider's cases. Every change answers the whole state, which replaces the page's.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { submitCompliance, type Compliance } from '#core/contract/compliance.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { useComplianceT } from '../i18n/use-compliance-t.ts';
import { FormAlert } from '../identity/form-field.tsx';
import { AddressStepForm } from './address-step-form.tsx';
import { complianceErrorText } from './compliance-error-text.ts';
import { DocumentStep } from './document-step.tsx';
import { PersonalDataForm } from './personal-data-form.tsx';
import { PhotoInput } from './photo-input.tsx';
import { StateBanner } from './state-banner.tsx';
import { StepList } from './step-list.tsx';
import { TestCases } from './test-cases.tsx';
import { Thumbnails } from './thumbnails.tsx';
import { useCompliance, waitingPath } from './use-compliance.ts';

export function ComplianceFlow() {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  const { compliance, failed, reload, replace } = useCompliance();
  if (failed) {
    return (
      <div className="empty-state empty-state--error" role="alert">
        <h2 className="empty-state__title">{t('kyc.errorTitle')}</h2>
        <p className="empty-state__body">{complianceErrorText(failed, locale)}</p>
        <button type="button" className="button button--primary" onClick={reload}>{t('kyc.retry')}</button>
      </div>
    );
  }
  if (!compliance) return <p role="status" className="panel__note">{t('kyc.loading')}</p>;
  return (
    <div className="kyc">
      <StateBanner compliance={compliance} />
      <div className="kyc__grid">
        <div className="kyc__main">
          <div className="panel">
            <CurrentStep compliance={compliance} onChanged={replace} />
            <Thumbnails compliance={compliance} />
          </div>
        </div>
        <div className="kyc__aside">
          <div className="panel">
            <StepList compliance={compliance} />
          </div>
          <TestCases cases={compliance.test_cases} />
        </div>
      </div>
    </div>
  );
}

function CurrentStep({ compliance, onChanged }: { compliance: Compliance; onChanged: (next: Compliance) => void }) {
  const t = useComplianceT();
  const next = compliance.next;
  if (compliance.can_submit) return <SubmitStep onSubmitted={onChanged} />;
  if (!next) return null;
  // Each form is keyed by the step, so a step shown again (after a rejection) starts from the server's values.
  switch (next.step) {
    case 'email':
    case 'phone':
      return (
        <section aria-labelledby="kyc-contact-title">
          <h2 id="kyc-contact-title" className="panel__title">{t('contact.title')}</h2>
          <p className="panel__lead">{t('contact.body')}</p>
          <Link href="/verification" className="button button--primary">{t('contact.go')}</Link>
        </section>
      );
    case 'personal_data':
      return <PersonalDataForm key="personal" compliance={compliance} onSaved={onChanged} />;
    case 'address':
      return <AddressStepForm key="address" compliance={compliance} onSaved={onChanged} />;
    case 'identity_document':
      return <DocumentStep key="document" compliance={compliance} onChanged={onChanged} />;
    case 'selfie':
      return (
        <section className="kyc-form" aria-labelledby="kyc-selfie-title">
          <h2 id="kyc-selfie-title" className="panel__title">{t('step.selfie')}</h2>
          <PhotoInput key="selfie" step="selfie" label={t('photo.selfie')} hint={t('photo.hintSelfie')} onSent={onChanged} />
        </section>
      );
    case 'proof_of_address':
      return (
        <section className="kyc-form" aria-labelledby="kyc-proof-title">
          <h2 id="kyc-proof-title" className="panel__title">{t('step.proof_of_address')}</h2>
          <PhotoInput key="proof" step="proof_of_address" label={t('photo.proof_of_address')} hint={t('photo.hintProof')} onSent={onChanged} />
        </section>
      );
  }
}

function SubmitStep({ onSubmitted }: { onSubmitted: (next: Compliance) => void }) {
  const t = useComplianceT();
  const locale = useBootStore((state) => state.locale);
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const result = await memberApi().call(submitCompliance, {});
    setBusy(false);
    if (!result.ok) {
      setError(complianceErrorText(result.error, locale));
      return;
    }
    onSubmitted(result.data);
    const path = waitingPath(result.data);
    if (path) navigate(path);
  };
  return (
    <section className="kyc-form" aria-labelledby="kyc-submit-title">
      <h2 id="kyc-submit-title" className="panel__title">{t('submit.title')}</h2>
      <p className="panel__lead">{t('submit.lead')}</p>
      <FormAlert message={error} />
      <button type="button" className="button button--primary button--block" onClick={() => void send()} disabled={busy} aria-busy={busy}>
        {t('submit.send')}
      </button>
    </section>
  );
}
