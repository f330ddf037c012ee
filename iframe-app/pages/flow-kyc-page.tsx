// sys-flow /kyc: the guest's identity for a checkout that needs it (above the unverified limit, or a bank
// method): the document (type, number, country), a photo of it and a selfie, sent once with PATCH
// checkout/updatekyc (photos as base64; the server checks, strips and seals them). In test mode the test
// KYC provider decides at once, and its cases are listed beside the form. Approved: the server captures
// the held card (when the codes are in) and the guard moves on; rejected: the checkout ends with the
// reason and nothing held; review: the guest goes back to verify account, which follows the decision.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { GUEST_DOCUMENT_TYPES } from '#core/contract/checkout-steps.ts';
import { TEST_KYC_CASES } from '#core/compliance/test-kyc-provider.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { CheckoutEnded, hasEnded } from '../flow/checkout-ended.tsx';
import { loadCheckout, sendIdentity } from '../flow/flow-api.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { flowTarget, useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

export default function FlowKycPage() {
  const t = useFlowT();
  useDocumentTitle(t('kyc.title'));
  const state = useFlowCheckout('/kyc');
  return <FlowLayout>{state.phase === 'ready' ? <Identity initial={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

type DocumentType = (typeof GUEST_DOCUMENT_TYPES)[number];
type Field = 'document_number' | 'issue_country' | 'document_image' | 'selfie_image';

/** A chosen file as base64 (without the data: prefix), read in the browser; the server checks what it is. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsDataURL(file);
  });
}

function Identity({ initial }: { initial: CheckoutAnswer }) {
  const t = useFlowT();
  const [, navigate] = useLocation();
  const test = useBootStore((state) => state.boot.mode === 'test');
  const locale = useBootStore((state) => state.locale);
  const [checkout, setCheckout] = useState(initial);
  const [type, setType] = useState<DocumentType>('passport');
  const [number, setNumber] = useState('');
  const [country, setCountry] = useState(initial.user.billing.country);
  const [files, setFiles] = useState<{ document: File | null; selfie: File | null }>({ document: null, selfie: null });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notNeeded, setNotNeeded] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!files.document) missing.document_image = t('kyc.imageHint');
    if (!files.selfie) missing.selfie_image = t('kyc.imageHint');
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return setAlert(t('kyc.fix'));
    }
    setBusy(true);
    setAlert(null);
    const [documentImage, selfieImage] = await Promise.all([readBase64(files.document as File), readBase64(files.selfie as File)]);
    const answer = await sendIdentity({ document_type: type, document_number: number.trim(), issue_country: country.trim().toUpperCase(), document_image: documentImage, selfie_image: selfieImage });
    setBusy(false);
    if (!answer.ok) {
      if (answer.error.code === 'checkout_identity_not_needed') return setNotNeeded(true);
      const fields = answer.error.fields ?? {};
      const found: Partial<Record<Field, string>> = {};
      for (const name of ['document_number', 'issue_country', 'document_image', 'selfie_image'] as const) if (fields[name]?.[0]) found[name] = fields[name][0];
      setErrors(found);
      return setAlert(Object.keys(found).length > 0 ? t('kyc.fix') : answer.error.message);
    }
    setErrors({});
    const read = await loadCheckout(checkout._id);
    if (read.ok) setCheckout(read.data);
    const next = read.ok ? read.data : checkout;
    if (hasEnded(next)) return;
    // Approved or in review: verify account shows what is left and follows the decision; paid: /invoice.
    navigate(flowTarget(next, '/kyc') ?? '/compliance', { replace: true });
  };

  const fileField = (name: 'document' | 'selfie') => {
    const field: Field = name === 'document' ? 'document_image' : 'selfie_image';
    const id = `flow-kyc-${name}`;
    return (
      <div className={`flow-field${errors[field] ? ' flow-field--invalid' : ''}`}>
        <label className="flow-field__label" htmlFor={id}>
          {t(name === 'document' ? 'kyc.documentImage' : 'kyc.selfieImage')}
        </label>
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="flow-field__input flow-field__file"
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={`${id}-hint${errors[field] ? ` ${id}-error` : ''}`}
          onChange={(event) => setFiles((current) => ({ ...current, [name]: event.target.files?.[0] ?? null }))}
          {...(name === 'selfie' ? { capture: 'user' } : {})}
          required
        />
        <p id={`${id}-hint`} className="flow-field__hint">
          {t('kyc.imageHint')}
        </p>
        {errors[field] ? (
          <p id={`${id}-error`} className="flow-field__error">
            {errors[field]}
          </p>
        ) : null}
      </div>
    );
  };

  let body;
  if (hasEnded(checkout)) body = <CheckoutEnded checkout={checkout} />;
  else if (notNeeded) {
    body = (
      <div className="flow-notice">
        <p>{t('kyc.notNeeded')}</p>
        <Link href="/compliance" className="button button--primary">
          {t('kyc.back')}
        </Link>
      </div>
    );
  } else {
    body = (
      <form className="flow-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
        <p className="flow-page__text">{t('kyc.text')}</p>
        {alert ? (
          <p role="alert" className="flow-form__alert">
            {alert}
          </p>
        ) : null}
        <div className="flow-field">
          <label className="flow-field__label" htmlFor="flow-kyc-type">
            {t('kyc.documentType')}
          </label>
          <select id="flow-kyc-type" className="flow-field__input" value={type} onChange={(event) => setType(event.target.value as DocumentType)}>
            {GUEST_DOCUMENT_TYPES.map((name) => (
              <option key={name} value={name}>
                {t(`kyc.type.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flow-form__row">
          <FlowField label={t('kyc.documentNumber')} error={errors.document_number} value={number} onValue={setNumber} autoComplete="off" required />
          <FlowField label={t('kyc.issueCountry')} hint={t('kyc.issueCountryHint')} error={errors.issue_country} value={country} onValue={setCountry} maxLength={2} autoComplete="country" required />
        </div>
        {fileField('document')}
        {fileField('selfie')}
        <button type="submit" className="button button--primary flow-form__submit" disabled={busy}>
          {busy ? t('kyc.sending') : t('kyc.submit')}
        </button>
        <Link href="/compliance" className="flow-link-button">
          {t('kyc.back')}
        </Link>
        {test ? (
          <div className="flow-test">
            <p className="flow-test__title">{t('kyc.testCases')}</p>
            <ul className="flow-test__cases">
              {TEST_KYC_CASES.map((testCase) => (
                <li key={`${testCase.field}-${testCase.value}`}>
                  <strong>{t(testCase.field === 'documentNumber' ? 'kyc.testDocument' : 'kyc.testLastName', { value: testCase.value })}</strong>: {locale === 'es' ? testCase.es : testCase.en}
                </li>
              ))}
              <li>{t('kyc.testDefault')}</li>
            </ul>
          </div>
        ) : null}
      </form>
    );
  }

  return (
    <section className="flow-page" aria-labelledby="flow-kyc-title">
      <h1 id="flow-kyc-title" className="flow-page__title">
        {t('kyc.title')}
      </h1>
      <div className="flow-details__layout">
        <OrderSummary checkout={checkout} title={t('pay.order')} />
        {body}
      </div>
    </section>
  );
}
