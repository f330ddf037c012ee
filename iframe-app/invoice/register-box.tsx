// "Create an account to keep this purchase": the guest chooses a password and the server opens a member
// account from the checkout (POST users/checkout/register). Their purchase joins their history and their
// first sign-in lands on /buy. An e-mail that is already a member's is told to sign in instead.
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '#core/contract/users.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { useInvoiceT } from '../i18n/use-invoice-t.ts';
import { registerFromCheckout } from './invoice-api.ts';

/** The member app's sign-in, opened in the whole window (the flow may be inside a merchant's frame). */
const MEMBER_LOGIN = '/sys-wallets/login';

type Outcome = { kind: 'form'; error?: string; alert?: string } | { kind: 'done'; email: string; verified: boolean } | { kind: 'exists' };

export function RegisterBox({ email }: { email: string }) {
  const t = useInvoiceT();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'form' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await registerFromCheckout(password);
    setBusy(false);
    if (answer.ok) return setOutcome({ kind: 'done', email: answer.data.email, verified: answer.data.email_verified });
    if (answer.error.code === 'checkout_member_exists') return setOutcome({ kind: 'exists' });
    const fieldError = answer.error.fields?.password?.[0];
    setOutcome(fieldError ? { kind: 'form', error: fieldError } : { kind: 'form', alert: answer.error.message });
  };

  const signIn = (
    <a className="button button--primary" href={MEMBER_LOGIN} target="_top">
      {t('register.signIn')}
    </a>
  );

  return (
    <section className="invoice-register" aria-labelledby="invoice-register-title">
      <h2 id="invoice-register-title" className="invoice__heading">
        {t('register.title')}
      </h2>
      {outcome.kind === 'done' ? (
        <>
          <p role="status" className="flow-form__status">
            {outcome.verified ? t('register.done', { email: outcome.email }) : t('register.doneUnverified', { email: outcome.email })}
          </p>
          {signIn}
        </>
      ) : outcome.kind === 'exists' ? (
        <>
          <p role="alert" className="flow-page__text">
            {t('register.exists')}
          </p>
          {signIn}
        </>
      ) : (
        <form className="flow-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
          <p className="flow-page__text">{t('register.text')}</p>
          <p className="invoice-register__email">
            {t('register.email')}: <strong>{email}</strong>
          </p>
          {outcome.alert ? (
            <p role="alert" className="flow-form__alert">
              {outcome.alert}
            </p>
          ) : null}
          <FlowField
            label={t('register.password')}
            hint={t('register.passwordHint')}
            error={outcome.error}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            required
            value={password}
            onValue={setPassword}
          />
          <button type="submit" className="button button--primary flow-form__submit" disabled={busy}>
            {busy ? t('register.busy') : t('register.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
