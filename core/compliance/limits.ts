// Whether an operation fits the member's daily and monthly limits, as a value: ok with what is left,
// or limit_exceeded saying which limit, what is left, and which step lifts it. The server answers it
// on every money operation; the member app shows the same figures, so both read this one function.
// Amounts are minor units of the provider's fiat; the caller converts a crypto amount first and sums
// what the member used today and this month (UTC days and months) from the ledger.

import { formatMinor } from '../money.ts';
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

const VERB: Record<Operation, string> = { buy: 'buy', sell: 'sell', deposit: 'deposit', withdraw: 'withdraw', send: 'send' };

const REQUIREMENT_STEP: Record<Requirement, string> = {
  email: 'verify your email',
  phone: 'verify your phone number',
  identity: 'verify your identity (an identity document and a selfie)',
  proof_of_address: 'send a proof of address',
};

const money = (minor: bigint, currency: FiatAsset) => `${formatMinor(minor, currency)} ${currency}`;
const left = (limit: bigint, used: bigint) => (used >= limit ? 0n : limit - used);

function joinSteps(requires: readonly Requirement[]): string {
  const steps = requires.map((requirement) => REQUIREMENT_STEP[requirement]);
  if (steps.length <= 1) return steps.join('');
  return `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}`;
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

function message(operation: Operation, currency: FiatAsset, period: LimitPeriod, leftMinor: bigint, liftedBy: LiftingStep | null): string {
  const when = period === 'daily' ? 'today' : 'this month';
  const now = leftMinor === 0n
    ? `You cannot ${VERB[operation]} any more ${when} at your verification level.`
    : `You can ${VERB[operation]} up to ${money(leftMinor, currency)} more ${when} at your verification level.`;
  if (liftedBy) {
    const raise = `To ${VERB[operation]} up to ${money(liftedBy.dailyMinor, currency)} a day and ${money(liftedBy.monthlyMinor, currency)} a month, ${joinSteps(liftedBy.requires)} in Account Verification`;
    return `${now} ${raise}, or enter a smaller amount.`;
  }
  const wait = period === 'daily' ? 'wait until tomorrow (UTC)' : 'wait until next month (UTC)';
  return `${now} No verification level allows more; enter a smaller amount or ${wait}.`;
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
  const liftedBy = liftingStep(question, current);
  return {
    ok: false,
    code: 'limit_exceeded',
    message: message(operation, currency, period, leftNowMinor, liftedBy),
    operation,
    currency,
    period,
    limitMinor: period === 'daily' ? limits.dailyMinor : limits.monthlyMinor,
    leftMinor: leftNowMinor,
    liftedBy,
  };
}

