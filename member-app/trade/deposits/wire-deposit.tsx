// Deposit by bank transfer: the member names an amount and gets the bank details
// and a reference to quote. The deposit stays pending until the bank transfer is confirmed.
import { useRef, useState, type FormEvent } from 'react';
import type { AccountFiat } from '#core/assets.ts';
import { deposit, type WireInstructions } from '#core/contract/deposits.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { refreshBalancesAfterChange } from '../../wallets/use-balances.ts';
import { AmountField } from '../form-kit/amount-field.tsx';
import { LimitLeftLine } from '../../limits/limit-left-line.tsx';
import { useAmountInput } from '../form-kit/use-amount-input.ts';
import { createAttemptKey, outcomeUnknown } from '../form-kit/attempt-key.ts';
import { useShowAmount } from '../form-kit/show-amount.ts';
import { CopyButton } from '../form-kit/copy-button.tsx';
import { formatIban } from '#core/iban.ts';
import { tradeErrorText } from '../form-kit/trade-error.ts';
import { useFocusOnMount } from '../form-kit/use-focus-on-mount.ts';

export function WireDeposit({ currency, fees }: { currency: AccountFiat; fees: FeesAnswer | null }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [instructions, setInstructions] = useState<WireInstructions | null>(null);
  const attempt = useRef(createAttemptKey());
  const input = useAmountInput({ asset: currency, limits: fees?.limits_by_kind?.deposit[currency] });
  const { check } = input;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    input.reveal();
    if (!check.ok) return;
    setBusy(true);
    setAlert(null);
    const response = await memberApi().call(deposit, { body: { method: 'wire', currency, amount: check.decimal } }, { idempotencyKey: attempt.current.current() });
    setBusy(false);
    if (!response.ok) {
      if (!outcomeUnknown(response.status, response.error.code)) attempt.current.settle();
      setAlert(tradeErrorText(response.error, locale));
      return;
    }
    attempt.current.settle();
    setInstructions(response.data.wire_instructions);
    void refreshBalancesAfterChange(); // the pending deposit shows in the wallet's pending figure
  };

  if (instructions) return <WireInstructionsPanel instructions={instructions} onAgain={() => { setInstructions(null); input.reset(); }} />;

  return (
    <form className="deposit-wire" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="deposit-wire-title">
      <h2 id="deposit-wire-title" className="panel__title">{t('wire.title', { currency })}</h2>
      <p className="panel__lead">{t('wire.lead')}</p>
      <AmountField
        label={t('card.amount', { currency })}
        {...input.field}
        hint={t('wire.free')}
        suffix={currency}
      />
      <LimitLeftLine operation="deposit" />
      <FormAlert message={alert} />
      <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
        {busy ? t('form.working') : t('wire.submit')}
      </button>
    </form>
  );
}

function WireInstructionsPanel({ instructions, onAgain }: { instructions: WireInstructions; onAgain: () => void }) {
  const t = useTradeT();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const show = useShowAmount();
  // [label, shown, copied]: the IBAN reads in groups of four but copies without spaces.
  const rows: [string, string, string | null][] = [
    [t('wire.reference'), instructions.reference, instructions.reference],
    [t('wire.amount'), show(instructions.amount, instructions.currency), instructions.amount],
    [t('wire.holder'), instructions.account_holder, instructions.account_holder],
    [t('wire.bank'), instructions.bank_name, null],
    [t('wire.iban'), formatIban(instructions.iban), instructions.iban],
    [t('wire.swift'), instructions.swift, instructions.swift],
  ];
  return (
    <section className="wire-instructions" aria-labelledby="wire-instructions-title">
      <h2 id="wire-instructions-title" className="panel__title" tabIndex={-1} ref={headingRef}>{t('wire.instructionsTitle')}</h2>
      <p role="status">{t('wire.instructionsLead', { reference: instructions.reference })}</p>
      <dl className="wire-instructions__rows">
        {rows.map(([label, value, copy]) => (
          <div key={label} className="wire-instructions__row">
            <dt>{label}</dt>
            <dd>
              <span className="mono" data-testid={label === t('wire.reference') ? 'wire-reference' : undefined}>{value}</span>
              {copy ? <CopyButton value={copy} label={label} /> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="panel__note">{t('wire.pendingNote')}</p>
      <button type="button" className="button button--link" onClick={onAgain}>{t('wire.another')}</button>
    </section>
  );
}
