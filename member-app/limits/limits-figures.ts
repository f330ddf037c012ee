// The words and figures the Limits card and the "left this month" line show, from the answer of
// GET /v1/users/limits: amounts in the provider's fiat as the page's locale writes money, level ids
// by name (a provider's own level id as it is), and the steps the next level needs as one sentence.
import type { FiatAsset } from '#core/assets.ts';
import type { Operation, Requirement } from '#core/compliance/levels-config.ts';
import type { MemberLimits } from '#core/contract/limits.ts';
import type { Locale } from '#core/language.ts';
import { parseAmount } from '#core/money.ts';
import { formatDisplay } from '#core/money-display.ts';
import type { Translate } from '#ui/i18n/translate.ts';
import type { LimitsKey } from '../i18n/limits-en.ts';

export type LimitsT = Translate<LimitsKey>;

export function money(decimal: string, currency: FiatAsset, locale: Locale): string {
  const parsed = parseAmount(decimal, currency);
  return parsed.ok ? formatDisplay(parsed.minor, currency, locale) : `${decimal} ${currency}`;
}

const KNOWN_LEVELS = ['basic', 'verified', 'enhanced'] as const;

export function levelName(id: string, t: LimitsT): string {
  return (KNOWN_LEVELS as readonly string[]).includes(id) ? t(`level.${id as (typeof KNOWN_LEVELS)[number]}`) : id;
}

/** "verify your email and verify your phone number", in the order the level lists them. */
export function stepsText(missing: readonly Requirement[], t: LimitsT): string {
  const steps = missing.map((requirement) => t(`req.${requirement}`));
  if (steps.length <= 1) return steps.join('');
  return `${steps.slice(0, -1).join(', ')} ${t('limits.and')} ${steps.at(-1)}`;
}

/** The short line beside an amount; today's figure only when it is what binds. */
export function leftLine(limits: MemberLimits, operation: Operation, locale: Locale, t: LimitsT): string | null {
  const row = limits.operations.find((candidate) => candidate.operation === operation);
  if (!row) return null;
  const month = money(row.left_this_month, limits.currency, locale);
  const today = parseAmount(row.left_today, limits.currency);
  const monthLeft = parseAmount(row.left_this_month, limits.currency);
  if (today.ok && monthLeft.ok && today.minor < monthLeft.minor) return t('limits.leftLineToday', { amount: month, today: money(row.left_today, limits.currency, locale) });
  return t('limits.leftLine', { amount: month });
}

/** Where the next step is done: email and phone on /verification, the rest on /compliance. */
export function stepHref(missing: readonly Requirement[]): '/verification' | '/compliance' {
  return missing.every((requirement) => requirement === 'email' || requirement === 'phone') ? '/verification' : '/compliance';
}
