// Whether an operation fits the member's daily and monthly limits, as a value: ok with what is left,
// or limit_exceeded saying which limit, what is left, and which step lifts it. The server answers it
// on every money operation; the member app shows the same figures, so both read this one function.
// Amounts are minor units of the provider's fiat; the caller converts a crypto amount first and sums
// what the member used today and this month (UTC days and months) from the ledger.

import { formatDisplay } from '../money-display.ts';
import type { Locale } from '../language.ts';
import type { FiatAsset } from '../assets.ts';
import type { Operation, Requirement } from './levels-config.ts';
import type { Level } from './levels.ts';

export type LimitPeriod = 'daily' | 'monthly';

export interface LimitQuestion {
  /** The member's level id (levelOf), or null when they have not met even the first level. */
  level: string | null;
  operation: Operation;
  amountMinor: bigint;
  usedTodayMinor: bigint;
  usedThisMonthMinor: bigint;
  /** The provider's levels, lowest first (levelsOf). */
  levels: readonly Level[];
}

export interface LiftingStep {
  level: string;
  /** What that level asks for beyond the member's level (not what they may have done on the side). */
  requires: Requirement[];
  dailyMinor: bigint;
  monthlyMinor: bigint;
}

export type LimitCheck =
  | { ok: true; leftTodayMinor: bigint; leftThisMonthMinor: bigint }
  | {
      ok: false;
      code: 'limit_exceeded';
      message: string;
      operation: Operation;
      currency: FiatAsset;
      /** The limit that binds: the one with less left, monthly on a tie since waiting a day would not help. */
      period: LimitPeriod;
      limitMinor: bigint;
      leftMinor: bigint;
      /** The next level that allows this amount, or null when none does (then only waiting or a smaller amount helps). */
      liftedBy: LiftingStep | null;
    };

export type LimitLanguage = Locale;

// The member reads the figures in their language, so the message is built here in both, from the
// same values, rather than translated afterwards from a fixed catalogue text that would lose them.
const WORDS = {
  en: {
    verb: { buy: 'buy', sell: 'sell', deposit: 'deposit', withdraw: 'withdraw', send: 'send' },
    step: {
      email: 'verify your email',
      phone: 'verify your phone number',
      identity: 'verify your identity (an identity document and a selfie)',
      proof_of_address: 'send a proof of address',
    },
    and: 'and',
    when: { daily: 'today', monthly: 'this month' },
    none: (verb: string, when: string) => `You cannot ${verb} any more ${when} at your verification level.`,
    some: (verb: string, amount: string, when: string) => `You can ${verb} up to ${amount} more ${when} at your verification level.`,
    raise: (verb: string, daily: string, monthly: string, steps: string) => `To ${verb} up to ${daily} a day and ${monthly} a month, ${steps} in Account Verification, or enter a smaller amount.`,
    top: { daily: 'No verification level allows more; enter a smaller amount or wait until tomorrow (UTC).', monthly: 'No verification level allows more; enter a smaller amount or wait until next month (UTC).' },
  },
  es: {
    verb: { buy: 'comprar', sell: 'vender', deposit: 'depositar', withdraw: 'retirar', send: 'enviar' },
    step: {
      email: 'verifica tu correo',
      phone: 'verifica tu número de teléfono',
      identity: 'verifica tu identidad (un documento de identidad y un selfi)',
      proof_of_address: 'envía un justificante de domicilio',
    },
    and: 'y',
    when: { daily: 'hoy', monthly: 'este mes' },
    none: (verb: string, when: string) => `No puedes ${verb} más ${when} con tu nivel de verificación.`,
    some: (verb: string, amount: string, when: string) => `Puedes ${verb} hasta ${amount} más ${when} con tu nivel de verificación.`,
    raise: (verb: string, daily: string, monthly: string, steps: string) => `Para ${verb} hasta ${daily} al día y ${monthly} al mes, ${steps} en Verificación de la cuenta, o introduce un importe menor.`,
    top: { daily: 'Ningún nivel de verificación permite más; introduce un importe menor o espera hasta mañana (UTC).', monthly: 'Ningún nivel de verificación permite más; introduce un importe menor o espera hasta el mes que viene (UTC).' },
  },
} as const;


const left = (limit: bigint, used: bigint) => (used >= limit ? 0n : limit - used);

function joinSteps(requires: readonly Requirement[], language: LimitLanguage): string {
  const steps = requires.map((requirement) => WORDS[language].step[requirement]);
  if (steps.length <= 1) return steps.join('');
  return `${steps.slice(0, -1).join(', ')} ${WORDS[language].and} ${steps.at(-1)}`;
}

function fits(level: Level, question: LimitQuestion): boolean {
  const limits = level.limits[question.operation];
  return question.usedTodayMinor + question.amountMinor <= limits.dailyMinor && question.usedThisMonthMinor + question.amountMinor <= limits.monthlyMinor;
}

function liftingStep(question: LimitQuestion, current: Level | null): LiftingStep | null {
  const start = current ? question.levels.indexOf(current) + 1 : 0;
  const level = question.levels.slice(start).find((candidate) => fits(candidate, question));
  if (!level) return null;
  const limits = level.limits[question.operation];
  return {
    level: level.id,
    requires: level.requires.filter((requirement) => !current?.requires.includes(requirement)),
    dailyMinor: limits.dailyMinor,
    monthlyMinor: limits.monthlyMinor,
  };
}

type LimitFailure = Extract<LimitCheck, { ok: false }>;

/** The failure said to the member in their language; `message` of checkLimit is the English one. */
export function limitMessage(failure: Omit<LimitFailure, 'message' | 'ok' | 'code'>, language: LimitLanguage): string {
  const words = WORDS[language];
  const money = (minor: bigint) => formatDisplay(minor, failure.currency, language);
  const verb = words.verb[failure.operation];
  const when = words.when[failure.period];
  const now = failure.leftMinor === 0n ? words.none(verb, when) : words.some(verb, money(failure.leftMinor), when);
  const { liftedBy } = failure;
  if (!liftedBy) return `${now} ${words.top[failure.period]}`;
  const raise = words.raise(verb, money(liftedBy.dailyMinor), money(liftedBy.monthlyMinor), joinSteps(liftedBy.requires, language));
  return `${now} ${raise}`;
}

/** Throws only on a caller's bug (a negative amount, a level id that is not in `levels`). */
export function checkLimit(question: LimitQuestion): LimitCheck {
  const { level: levelId, operation, amountMinor, usedTodayMinor, usedThisMonthMinor, levels } = question;
  if (amountMinor < 0n || usedTodayMinor < 0n || usedThisMonthMinor < 0n) throw new RangeError('checkLimit: amounts are never negative');
  const current = levelId === null ? null : levels.find((level) => level.id === levelId);
  if (current === undefined) throw new RangeError(`checkLimit: no level ${levelId}`);
  const currency = (current ?? levels[0])?.currency;
  if (!currency) throw new RangeError('checkLimit: a provider has at least one level');
  // Below the first level nothing is allowed: the member has not verified what even `basic` needs.
  const limits = current ? current.limits[operation] : { dailyMinor: 0n, monthlyMinor: 0n };
  const leftTodayMinor = left(limits.dailyMinor, usedTodayMinor);
  const leftThisMonthMinor = left(limits.monthlyMinor, usedThisMonthMinor);
  const leftNowMinor = leftTodayMinor < leftThisMonthMinor ? leftTodayMinor : leftThisMonthMinor;
  if (amountMinor <= leftNowMinor) return { ok: true, leftTodayMinor, leftThisMonthMinor };
  const period: LimitPeriod = leftTodayMinor < leftThisMonthMinor ? 'daily' : 'monthly';
  const failure = {
    operation,
    currency,
    period,
    limitMinor: period === 'daily' ? limits.dailyMinor : limits.monthlyMinor,
    leftMinor: leftNowMinor,
    liftedBy: liftingStep(question, current),
  };
  return { ok: false, code: 'limit_exceeded', message: limitMessage(failure, 'en'), ...failure };
}

