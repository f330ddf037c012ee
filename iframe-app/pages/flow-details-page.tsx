// sys-flow /details: the flow user's contact details (spec §3 flow user) -> POST checkout/billing.
// Needs the flow cookie's checkout (use-flow-checkout.ts sends a visitor without one to /); the
// fields start from what the server holds, so a reload keeps the step and what was saved. The
// server's field errors are shown under their fields and the first invalid field takes the focus.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { saveBilling } from '../flow/flow-api.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { CouponField } from '../flow/coupon-field.tsx';
import { OrderSummary } from '../flow/order-summary.tsx';
import { useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useFlowT } from '../i18n/use-flow-t.ts';

export default function FlowDetailsPage() {
  const t = useFlowT();
  useDocumentTitle(t('details.title'));
  const state = useFlowCheckout('/details');
  return <FlowLayout>{state.phase === 'ready' ? <DetailsForm checkout={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

const PERSON = ['firstName', 'lastName', 'email', 'mobile', 'dateOfBirth'] as const;
const ADDRESS = ['address1', 'address2', 'city', 'state', 'zipCode', 'country'] as const;
type Person = (typeof PERSON)[number];
type Address = (typeof ADDRESS)[number];
type Values = Record<Person | Address, string>;

function initialValues(checkout: CheckoutAnswer): Values {
  const { billing, ...person } = checkout.user;
  return { ...person, address1: billing.address1, address2: billing.address2, city: billing.city, state: billing.state, zipCode: billing.zipCode, country: billing.country };
}

/** The server's field errors are keyed by dotted path: billing.city is the form's city. */
function fieldErrors(fields: Record<string, string[]> | undefined): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const name = path.replace(/^billing\./, '') as keyof Values;
    if (messages[0] && !errors[name]) errors[name] = messages[0];
  }
  return errors;
}

const INPUTS: Record<keyof Values, { type?: string; autoComplete: string; inputMode?: 'email' | 'tel' }> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  mobile: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  dateOfBirth: { type: 'date', autoComplete: 'bday' },
  address1: { autoComplete: 'address-line1' },
  address2: { autoComplete: 'address-line2' },
  city: { autoComplete: 'address-level2' },
  state: { autoComplete: 'address-level1' },
  zipCode: { autoComplete: 'postal-code' },
  country: { autoComplete: 'country' },
};

const HINTS: Partial<Record<keyof Values, 'details.mobileHint' | 'details.countryHint'>> = { mobile: 'details.mobileHint', country: 'details.countryHint' };

function DetailsForm({ checkout }: { checkout: CheckoutAnswer }) {
  const t = useFlowT();
  const [values, setValues] = useState<Values>(() => initialValues(checkout));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const form = useRef<HTMLFormElement>(null);
  // A coupon reprices the checkout on the server; the summary shows the new figures.
  const [priced, setPriced] = useState(checkout);

  // After a refusal, the first field the server named takes the focus.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAlert(null);
    setSaved(false);
    const v = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as Values;
    const answer = await saveBilling({
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      mobile: v.mobile,
      dateOfBirth: v.dateOfBirth,
      billing: { address1: v.address1, address2: v.address2, city: v.city, state: v.state, zipCode: v.zipCode, country: v.country.toUpperCase() },
    });
    setBusy(false);
    if (answer.ok) {
      setErrors({});
      setSaved(true);
      // The next step is the payment; its guard sends a checkout elsewhere when the rules say so.
      navigate('/payment');
      return;
    }
    const found = fieldErrors(answer.error.fields);
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? t('details.fix') : answer.error.message);
  };

  const field = (name: keyof Values) => (
    <FlowField
      key={name}
      label={t(`details.${name}`)}
      hint={HINTS[name] ? t(HINTS[name]) : undefined}
      error={errors[name]}
      value={values[name]}
      onValue={(value) => setValues((current) => ({ ...current, [name]: value }))}
      required={name !== 'address2' && name !== 'state'}
      {...INPUTS[name]}
    />
  );

  return (
    <section className="flow-page flow-details" aria-labelledby="flow-details-title" aria-busy={busy || undefined}>
      <h1 id="flow-details-title" className="flow-page__title">
        {t('details.title')}
      </h1>
      <div className="flow-details__layout">
        <div className="flow-page">
          <OrderSummary checkout={priced} title={t('details.order')} />
          <CouponField checkout={priced} onApplied={setPriced} />
        </div>
        <form ref={form} className="flow-form" onSubmit={(event) => void submit(event)} noValidate>
          <p className="flow-page__text">{t('details.text')}</p>
          {alert ? (
            <p role="alert" className="flow-form__alert">
              {alert}
            </p>
          ) : null}
          <div className="flow-form__grid">{PERSON.map(field)}</div>
          <fieldset className="flow-form__group">
            <legend className="flow-form__legend">{t('details.address')}</legend>
            <div className="flow-form__grid">{ADDRESS.map(field)}</div>
          </fieldset>
          <button type="submit" className="button button--primary flow-form__submit" disabled={busy}>
            {busy ? t('details.saving') : t('details.save')}
          </button>
          <p role="status" className="flow-form__status">
            {saved ? t('details.saved') : ''}
          </p>
        </form>
      </div>
    </section>
  );
}
