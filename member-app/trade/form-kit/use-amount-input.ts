// The state of one amount field, as every money form has it: what the member typed, its check
// against the form's rules (amount-check.ts, limits from core), and whether to show its problem yet
// (once the member typed, or tried to submit). `field` is what AmountField takes for value,
// onChange, error and Max, so no form wires those by hand.
import { useState } from 'react';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { checkAmount, maxAmount, type AmountCheck, type AmountRules } from './amount-check.ts';
import { amountProblemText } from './amount-problem-text.ts';

export interface AmountInput {
  amount: string;
  check: AmountCheck;
  /** Show the problem now (on submit). */
  reveal(): void;
  /** Empty, with no problem shown: after a result, for the next one. */
  reset(): void;
  field: { value: string; onChange(value: string): void; error: string | null; onMax: (() => void) | null };
}

/** `initial` (a link's ?amount=) is checked and its problem shown at once. */
export function useAmountInput(rules: AmountRules, initial = ''): AmountInput {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const [amount, setAmount] = useState(initial);
  const [showProblem, setShowProblem] = useState(initial !== '');
  const check = checkAmount(amount, rules);
  const type = (value: string) => {
    setAmount(value);
    setShowProblem(true);
  };
  return {
    amount,
    check,
    reveal: () => setShowProblem(true),
    reset: () => {
      setAmount('');
      setShowProblem(false);
    },
    field: {
      value: amount,
      onChange: type,
      error: showProblem && !check.ok ? amountProblemText(check, rules.asset, locale, t) : null,
      onMax: rules.available ? () => type(maxAmount(rules)) : null,
    },
  };
}
