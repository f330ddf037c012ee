// Live validation of an amount a member types: the decimals of the asset, the provider's minimum
// and maximum, and the available balance, each with its own message. The minimum and maximum are
// core/fees.ts checkLimits, the same rule the server applies; the rest is the form's own (the
// server answers those with its parse and balance errors). Runs on every keystroke, so it works in
// bigint minor units and never through a float.
import { decimalsOf, type Asset } from '#core/assets.ts';
import { checkLimits, type Limit } from '#core/fees.ts';
import { formatMinor, parseAmount } from '#core/money.ts';

export interface AmountLimits {
  minimum: string;
  maximum: string;
}

export type AmountProblem =
  | { reason: 'required' }
  | { reason: 'malformed' }
  | { reason: 'zero' }
  | { reason: 'too_precise'; decimals: number }
  | { reason: 'below_minimum'; minimum: bigint }
  | { reason: 'above_maximum'; maximum: bigint }
  | { reason: 'insufficient'; available: bigint };

export type AmountCheck = { ok: true; minor: bigint; decimal: string } | ({ ok: false } & AmountProblem);

export interface AmountRules {
  asset: Asset;
  limits?: AmountLimits | undefined;
  /** What the member can spend now; undefined where the balance does not bound the amount (a card deposit). */
  available?: bigint | undefined;
}

/**
 * A Spanish keyboard types "12,50": one comma and no point is a decimal comma. Thousands
 * separators are not accepted (is "1,234" a thousand or one and a bit?), so anything else is kept
 * and parseAmount rejects it with a message.
 */
export function normaliseAmountInput(raw: string): string {
  const trimmed = raw.trim();
  return /^\d*,\d*$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

function minorOf(value: string | undefined, asset: Asset): bigint | undefined {
  if (value === undefined) return undefined;
  const parsed = parseAmount(value, asset);
  return parsed.ok ? parsed.minor : undefined;
}

/** The provider's limits in minor units; none when they are missing or unreadable (the server still checks). */
function limitOf(rules: AmountRules): Limit | null {
  const minimumMinor = minorOf(rules.limits?.minimum, rules.asset);
  const maximumMinor = minorOf(rules.limits?.maximum, rules.asset);
  return minimumMinor === undefined || maximumMinor === undefined ? null : { minimumMinor, maximumMinor };
}

export function checkAmount(raw: string, rules: AmountRules): AmountCheck {
  const input = normaliseAmountInput(raw);
  if (input === '') return { ok: false, reason: 'required' };
  const parsed = parseAmount(input, rules.asset);
  if (!parsed.ok) {
    if (parsed.code === 'amount_too_precise') return { ok: false, reason: 'too_precise', decimals: decimalsOf(rules.asset) };
    return { ok: false, reason: 'malformed' };
  }
  if (parsed.minor === 0n) return { ok: false, reason: 'zero' };
  const limit = limitOf(rules);
  if (limit) {
    const checked = checkLimits(parsed.minor, rules.asset, limit);
    if (!checked.ok) {
      return checked.code === 'amount_below_minimum'
        ? { ok: false, reason: 'below_minimum', minimum: limit.minimumMinor }
        : { ok: false, reason: 'above_maximum', maximum: limit.maximumMinor };
    }
  }
  if (rules.available !== undefined && parsed.minor > rules.available) return { ok: false, reason: 'insufficient', available: rules.available };
  return { ok: true, minor: parsed.minor, decimal: parsed.decimal };
}

/** "Use max": all that is available, capped at the maximum; empty when there is nothing to spend. */
export function maxAmount(rules: AmountRules): string {
  if (rules.available === undefined || rules.available <= 0n) return '';
  const maximum = minorOf(rules.limits?.maximum, rules.asset);
  const most = maximum !== undefined && maximum < rules.available ? maximum : rules.available;
  return formatMinor(most, rules.asset);
}
