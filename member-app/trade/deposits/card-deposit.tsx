// "Deposit EUR" by card, in the member's own fiat: the amount, a saved card or a
// new one (masked inputs), the card fee and what arrives, the test cards in test mode, and the
// test acquirer's 3-D Secure challenge when the card asks for it.
import { useRef, useState, type FormEvent } from 'react';
import type { AccountFiat } from '#core/assets.ts';
import { deposit, getUserCards, type DepositAnswer, type DepositInput } from '#core/contract/deposits.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { parsePercent, percentFee } from '#core/fees.ts';
import { formatDisplay } from '#core/money-display.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { refreshBalancesAfterChange } from '../../wallets/use-balances.ts';
import type { TradeKey } from '../../i18n/trade-en.ts';
import { AmountField } from '../form-kit/amount-field.tsx';
import { LimitLeftLine } from '../../limits/limit-left-line.tsx';
import { useAmountInput } from '../form-kit/use-amount-input.ts';
import { createAttemptKey, outcomeUnknown } from '../form-kit/attempt-key.ts';
import { CardFields } from './card-fields.tsx';
import { cardInput, cardProblems, formatCardNumber, TEST_CARDS, type CardValues } from './card-input.ts';
import { DepositResult } from './deposit-result.tsx';
import { ThreeDSecureDialog } from './three-d-secure-dialog.tsx';
import { percentText } from '../form-kit/percent-text.ts';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useApiData } from '../form-kit/use-api-data.ts';

const NEW_CARD = 'new';

export function CardDeposit({ currency, fees }: { currency: AccountFiat; fees: FeesAnswer | null }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const testMode = useBootStore((state) => state.boot.mode === 'test');
  const cards = useApiData(getUserCards);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '', holder: '' });
  const [cardErrors, setCardErrors] = useState<Partial<Record<keyof CardValues, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [result, setResult] = useState<DepositAnswer | null>(null);
  const attempt = useRef(createAttemptKey());

  const savedCards = cards.data?.cards ?? [];
  // A saved card is offered first, unless the member already started typing a new one before the
  // saved cards arrived: the form must not switch away from what they are typing.
  const choice = cardChoice ?? (card.number === '' && savedCards[0] ? savedCards[0].id : NEW_CARD);
  const input = useAmountInput({ asset: currency, limits: fees?.limits_by_kind?.deposit[currency] });
  const { check } = input;
  const feePercent = fees?.deposit_card_percent ?? '0';
  // core/fees.ts percentFee is what the server charges (server/money/deposits/terms.ts cardFee).
  const fee = check.ok && parsePercent(feePercent) !== null ? percentFee(check.minor, feePercent) : null;
  const amountText = check.ok ? formatDisplay(check.minor, currency, locale) : '';

  const finish = (answer: DepositAnswer) => {
    setResult(answer);
    void refreshBalancesAfterChange();
  };
  const fail = (error: ApiError) => setAlert(tradeErrorText(error, locale));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    input.reveal();
    setAlert(null);
    const problems = choice === NEW_CARD ? cardProblems(card, new Date()) : {};
    setCardErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(`card.${key}` as TradeKey)])));
    if (!check.ok || Object.keys(problems).length > 0) {
      requestAnimationFrame(() => (event.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const body: DepositInput =
      choice === NEW_CARD
        ? { method: 'card', currency, amount: check.decimal, card: cardInput(card) }
        : { method: 'saved_card', currency, amount: check.decimal, card_id: choice };
    setBusy(true);
    const response = await memberApi().call(deposit, { body }, { idempotencyKey: attempt.current.current() });
    setBusy(false);
    if (!response.ok) {
      if (!outcomeUnknown(response.status, response.error.code)) attempt.current.settle();
      fail(response.error);
      return;
    }
    attempt.current.settle();
    if (response.data.next_action?.type === 'three_d_secure') setChallenge(response.data.next_action.transaction_id);
    else finish(response.data);
  };

  if (result) {
    return <DepositResult answer={result} onAgain={() => { setResult(null); input.reset(); cards.reload(); }} />;
  }

  return (
    <form className="deposit-card" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="deposit-card-title">
      <h2 id="deposit-card-title" className="panel__title">{t('card.title', { currency })}</h2>
      <AmountField
        label={t('card.amount', { currency })}
        {...input.field}
        hint={fee !== null && check.ok ? t('card.feeLine', { percent: percentText(feePercent, locale), fee: formatDisplay(fee, currency, locale), net: formatDisplay(check.minor - fee, currency, locale) }) : t('card.feeNote', { percent: percentText(feePercent, locale) })}
        suffix={currency}
      />
      <LimitLeftLine operation="deposit" />
      {savedCards.length > 0 ? (
        <fieldset className="card-choice">
          <legend className="form-field__label">{t('card.choose')}</legend>
          {savedCards.map((saved) => (
            <label key={saved.id} className="card-choice__option">
              <input type="radio" name="card" value={saved.id} checked={choice === saved.id} onChange={() => setCardChoice(saved.id)} />
              {t('card.saved', { brand: saved.brand, last4: saved.last4, month: saved.exp_month, year: saved.exp_year })}
            </label>
          ))}
          <label className="card-choice__option">
            <input type="radio" name="card" value={NEW_CARD} checked={choice === NEW_CARD} onChange={() => setCardChoice(NEW_CARD)} />
            {t('card.newCard')}
          </label>
        </fieldset>
      ) : null}
      {choice === NEW_CARD ? <CardFields values={card} errors={cardErrors} onChange={(next) => { setCard(next); setCardErrors({}); }} /> : null}
      <FormAlert message={alert} />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t('form.working') : amountText ? t('card.submitAmount', { amount: amountText }) : t('card.submit')}
      </button>
      {testMode ? (
        <section className="test-cards" aria-labelledby="test-cards-title">
          <h3 id="test-cards-title" className="test-cards__title"><span className="badge badge--test">{t('card.testTitle')}</span></h3>
          <p className="panel__note">{t('card.testLead')}</p>
          <ul className="test-cards__list">
            {TEST_CARDS.map((test) => (
              <li key={test.number}>
                <button
                  type="button"
                  className="button button--link mono"
                  onClick={() => {
                    setCardChoice(NEW_CARD);
                    setCard((current) => ({ ...current, number: formatCardNumber(test.number) }));
                  }}
                >
                  {test.number}
                </button>{' '}
                <span>{t(`card.test.${test.outcome}` as TradeKey)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {challenge ? (
        <ThreeDSecureDialog
          transactionId={challenge}
          amountText={amountText}
          onClose={() => {
            setChallenge(null);
            setAlert(t('threeDs.closed'));
          }}
          onDone={(outcome) => {
            setChallenge(null);
            if (outcome.ok) finish(outcome.answer);
            else fail(outcome.error);
          }}
        />
      ) : null}
    </form>
  );
}
