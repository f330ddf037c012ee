// sys-remitflow / (and /test, the spec §9 test route: 30 within 30 to 50): the sender says what they pay
// (fiat, amount) and who receives it: the recipient's name, how they are told (e-mail or SMS, in en or es)
// and what they receive: a coin at an address, or the same fiat at an IBAN. "Get the price" starts the
// checkout (checkout/init, flow remit: the server prices it and sets the flow cookie) and names the
// recipient (checkout/recipient: checks the address or IBAN and prices what they receive). The server's
// figures are shown with the recipient; Continue goes to /details, the same step pages as sys-flow.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { RemittanceAnswer } from '#core/contract/remittance.ts';
import { preferredCoin } from '#core/chain/coin-availability.ts';
import { useBootStore, useCoinsOn } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { startFlowCheckout } from '../flow/flow-api.ts';
import { FlowField } from '../flow/flow-field.tsx';
import { CoinChoice, FiatSelect } from '../flow/start-fields.tsx';
import { saveRecipient } from '../flow/remit-api.ts';
import { RemitSummary } from '../flow/remit-summary.tsx';
import { useRemitT } from '../i18n/use-remit-t.ts';

const DEFAULT_AMOUNT = '300.00';
const TEST_AMOUNT = '30.00';

type Field = 'amount' | 'name' | 'email' | 'mobile' | 'cryptoAddress' | 'iban' | 'account_holder' | 'form';
type Errors = Partial<Record<Field, string>>;

/** The server's field errors on the form's fields; a currency refusal belongs to the IBAN (paid out in the fiat paid). */
function errorsOf(error: { message: string; fields?: Record<string, string[]> | undefined }): Errors {
  const found: Errors = {};
  for (const [path, messages] of Object.entries(error.fields ?? {})) {
    const field = (path === 'currency' ? 'iban' : path) as Field;
    if (messages[0] && !found[field]) found[field] = messages[0];
  }
  return Object.keys(found).length > 0 ? found : { form: error.message };
}

export default function RemitStartPage() {
  const t = useRemitT();
  useDocumentTitle(t('start.title'));
  const [location, navigate] = useLocation();
  const test = location === '/test';
  const [fiat, setFiat] = useState<FiatAsset>('EUR');
  const [amount, setAmount] = useState(test ? TEST_AMOUNT : DEFAULT_AMOUNT);
  const [name, setName] = useState('');
  const [notifyBy, setNotifyBy] = useState<'email' | 'sms'>('email');
  const [contact, setContact] = useState('');
  // The recipient's message starts in the sender's language; the sender can change it.
  const pageLocale = useBootStore((state) => state.locale);
  const [locale, setLocale] = useState<'en' | 'es'>(pageLocale === 'es' ? 'es' : 'en');
  const [receives, setReceives] = useState<'crypto' | 'fiat'>('crypto');
  const coinsOn = useCoinsOn();
  const [coin, setCoin] = useState<CryptoAsset>(() => preferredCoin(coinsOn) ?? 'BTC');
  const [address, setAddress] = useState('');
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [quote, setQuote] = useState<RemittanceAnswer | null>(null);

  // Any change makes the shown price stale: the sender asks for a new one.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setQuote(null);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const started = await startFlowCheckout({ flow: 'remit', fiat, amount: amount.trim(), ...(receives === 'crypto' ? { coin } : {}), ...(test ? { test: true } : {}) });
    if (!started.ok) {
      setBusy(false);
      return setErrors(errorsOf(started.error));
    }
    const answer = await saveRecipient({
      name: name.trim(),
      notify_by: notifyBy,
      ...(notifyBy === 'email' ? { email: contact.trim() } : { mobile: contact.trim() }),
      locale,
      receives,
      ...(receives === 'crypto' ? { coin, cryptoAddress: address.trim() } : { iban: iban.trim(), account_holder: holder.trim(), currency: fiat }),
    });
    setBusy(false);
    if (answer.ok) return setQuote(answer.data);
    setErrors(errorsOf(answer.error));
  };

  return (
    <FlowLayout>
      <section className="flow-page flow-start remit-start" aria-labelledby="remit-start-title" aria-busy={busy || undefined}>
        <h1 id="remit-start-title" className="flow-page__title">
          {t('start.title')}
        </h1>
        <p className="flow-page__text">{t('start.text')}</p>
        {test ? <p className="flow-page__note">{t('start.testMode')}</p> : null}
        <form className="flow-form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="flow-form__group">
            <legend className="flow-form__legend">{t('start.send')}</legend>
            <div className="flow-form__row">
              <FiatSelect id="remit-fiat" label={t('start.fiat')} fiat={fiat} onFiat={edit(setFiat)} />
              <FlowField
                label={t('start.amount')}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onValue={edit(setAmount)}
                hint={test ? t('start.amountHint', { min: '30', max: '50', fiat }) : t('start.amountHintDefault')}
                error={errors.amount}
              />
            </div>
          </fieldset>
          <fieldset className="flow-form__group">
            <legend className="flow-form__legend">{t('start.recipient')}</legend>
            <div className="flow-form__grid">
              <FlowField label={t('start.name')} autoComplete="off" value={name} onValue={edit(setName)} error={errors.name} required />
              <fieldset className="remit-choice">
                <legend className="flow-field__label">{t('start.notify')}</legend>
                <label className="remit-choice__option">
                  <input type="radio" name="notify" checked={notifyBy === 'email'} onChange={() => edit(setNotifyBy)('email')} /> {t('start.notifyEmail')}
                </label>
                <label className="remit-choice__option">
                  <input type="radio" name="notify" checked={notifyBy === 'sms'} onChange={() => edit(setNotifyBy)('sms')} /> {t('start.notifySms')}
                </label>
              </fieldset>
              {notifyBy === 'email' ? (
                <FlowField label={t('start.email')} type="email" inputMode="email" autoComplete="off" value={contact} onValue={edit(setContact)} error={errors.email} required />
              ) : (
                <FlowField label={t('start.mobile')} type="tel" inputMode="tel" autoComplete="off" value={contact} onValue={edit(setContact)} hint={t('start.mobileHint')} error={errors.mobile} required />
              )}
              <div className="flow-field">
                <label className="flow-field__label" htmlFor="remit-locale">
                  {t('start.locale')}
                </label>
                <select id="remit-locale" className="flow-field__input" value={locale} onChange={(event) => edit(setLocale)(event.target.value as 'en' | 'es')}>
                  <option value="en">{t('start.localeEn')}</option>
                  <option value="es">{t('start.localeEs')}</option>
                </select>
              </div>
            </div>
          </fieldset>
          <fieldset className="remit-choice">
            <legend className="flow-form__legend">{t('start.receives')}</legend>
            <label className="remit-choice__option">
              <input type="radio" name="receives" checked={receives === 'crypto'} onChange={() => edit(setReceives)('crypto')} /> {t('start.receivesCrypto')}
            </label>
            <label className="remit-choice__option">
              <input type="radio" name="receives" checked={receives === 'fiat'} onChange={() => edit(setReceives)('fiat')} /> {t('start.receivesFiat')}
            </label>
          </fieldset>
          {receives === 'crypto' ? (
            <>
              <CoinChoice legend={t('start.coin')} coin={coin} onCoin={edit(setCoin)} />
              <FlowField label={t('start.address', { coin })} autoComplete="off" spellCheck={false} value={address} onValue={edit(setAddress)} hint={t('start.addressHint')} error={errors.cryptoAddress} />
            </>
          ) : (
            <div className="flow-form__grid">
              <FlowField label={t('start.iban')} autoComplete="off" spellCheck={false} value={iban} onValue={edit(setIban)} hint={t('start.ibanHint', { fiat })} error={errors.iban} />
              <FlowField label={t('start.holder')} autoComplete="off" value={holder} onValue={edit(setHolder)} error={errors.account_holder} />
            </div>
          )}
          {errors.form ? (
            <p role="alert" className="flow-form__alert">
              {errors.form}
            </p>
          ) : null}
          <button type="submit" className="button button--primary flow-form__submit" disabled={busy}>
            {busy ? t('start.quoting') : t('start.quote')}
          </button>
        </form>
        <div aria-live="polite">
          {quote ? (
            <div className="flow-start__quote">
              <RemitSummary checkout={quote.checkout} recipient={quote.recipient} title={t('summary.title')} />
              <button type="button" className="button button--primary flow-form__submit" onClick={() => navigate('/details')}>
                {t('start.continue')}
              </button>
            </div>
          ) : null}
        </div>
      </section>
    </FlowLayout>
  );
}
