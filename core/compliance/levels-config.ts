// A provider's verification levels and their limits, as the operator console edits them and the
// database stores them: JSON, so amounts are decimal strings in the provider's fiat (levels.ts turns
// them into bigint minor units). The schema refuses a ladder that would make no sense to a member:
// a higher level must ask for everything the one below asked for and allow at least as much, and a
// day may not allow more than its month. Every operation has a limit at every level, none is
// "unlimited": a level that should not cap an operation gets a large figure an operator chose.

import * as v from 'valibot';
import { FIAT } from '../assets.ts';

export const OPERATIONS = ['buy', 'sell', 'deposit', 'withdraw', 'send'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** What a level can ask of a member; email and phone are the /verification screen, the rest compliance steps. */
export const REQUIREMENTS = ['email', 'phone', 'identity', 'proof_of_address'] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

/** Whole units or two decimals (every fiat of assets.ts has 2), at most 12 digits: below BIGINT by far. */
const fiatAmount = v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{2})?$/, 'Enter an amount such as 5000 or 5000.00.'));

const toCents = (amount: string): bigint => {
  const [units = '0', cents = '00'] = amount.split('.');
  return BigInt(units) * 100n + BigInt(cents);
};

export const PeriodLimitsSchema = v.pipe(
  v.strictObject({ daily: fiatAmount, monthly: fiatAmount }),
  v.check((limits) => toCents(limits.daily) <= toCents(limits.monthly), 'The daily limit cannot be above the monthly limit.'),
);

export const LevelSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,31}$/, 'Use lowercase letters, digits and _ (up to 32), starting with a letter.')),
  requires: v.pipe(
    v.array(v.picklist(REQUIREMENTS, 'Choose email, phone, identity or proof_of_address.')),
    v.check((list) => new Set(list).size === list.length, 'Name each requirement once.'),
  ),
  limits: v.strictObject(Object.fromEntries(OPERATIONS.map((operation) => [operation, PeriodLimitsSchema])) as Record<Operation, typeof PeriodLimitsSchema>),
});
export type LevelConfig = v.InferOutput<typeof LevelSchema>;

type LadderProblem = string | null;

/** Why a ladder (lowest first) is not one, or null: each level asks for more and allows at least as much. */
function ladderProblem(levels: readonly LevelConfig[]): LadderProblem {
  const ids = new Set(levels.map((level) => level.id));
  if (ids.size !== levels.length) return 'Give each level its own id.';
  for (let i = 1; i < levels.length; i += 1) {
    const below = levels[i - 1]!;
    const level = levels[i]!;
    if (!below.requires.every((requirement) => level.requires.includes(requirement))) return `Level ${level.id} must require everything ${below.id} requires.`;
    if (level.requires.length === below.requires.length) return `Level ${level.id} must require something more than ${below.id}.`;
    for (const operation of OPERATIONS) {
      for (const period of ['daily', 'monthly'] as const) {
        if (toCents(level.limits[operation][period]) < toCents(below.limits[operation][period])) {
          return `Level ${level.id} must allow at least as much as ${below.id} (${operation}, ${period}).`;
        }
      }
    }
  }
  return null;
}

export const LevelsConfigSchema = v.pipe(
  v.strictObject({
    /** The provider's fiat: every limit is in it, and the server converts an operation's amount into it. */
    currency: v.picklist(FIAT, 'Choose one of USD, GBP, EUR, AUD, CAD, CHF.'),
    levels: v.pipe(v.array(LevelSchema), v.minLength(1, 'Add at least one level.'), v.maxLength(8, 'Use at most 8 levels.')),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = ladderProblem(dataset.value.levels);
    if (problem) addIssue({ message: problem, path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'levels', value: dataset.value.levels }] });
  }),
);
export type LevelsConfig = v.InferOutput<typeof LevelsConfigSchema>;

const limits = (figures: Record<Operation, [daily: string, monthly: string]>): LevelConfig['limits'] =>
  Object.fromEntries(OPERATIONS.map((operation) => [operation, { daily: figures[operation][0], monthly: figures[operation][1] }])) as LevelConfig['limits'];

/**
 * The defaults a new provider starts with, in EUR. Modelled on the tiers European exchanges publish
 * (an email-and-phone starter tier, an identity tier, an identity-plus-address tier) and, for `basic`,
 * on AMLD5's simplified due diligence for e-money (art. 12: no identity check up to 150 EUR a month):
 * a member who has only verified email and phone can buy and deposit that much, and can take nothing
 * out or send anything until their identity is verified, so an unverified account cannot move money
 * through the platform. An operator changes them in the console per provider.
 */
export const DEFAULT_LEVELS_CONFIG: LevelsConfig = {
  currency: 'EUR',
  levels: [
    {
      id: 'basic',
      requires: ['email', 'phone'],
      limits: limits({ buy: ['150', '150'], sell: ['150', '150'], deposit: ['150', '150'], withdraw: ['0', '0'], send: ['0', '0'] }),
    },
    {
      id: 'verified',
      requires: ['email', 'phone', 'identity'],
      limits: limits({ buy: ['5000', '20000'], sell: ['5000', '20000'], deposit: ['10000', '30000'], withdraw: ['5000', '20000'], send: ['2000', '10000'] }),
    },
    {
      id: 'enhanced',
      requires: ['email', 'phone', 'identity', 'proof_of_address'],
      limits: limits({ buy: ['50000', '200000'], sell: ['50000', '200000'], deposit: ['100000', '300000'], withdraw: ['50000', '200000'], send: ['20000', '100000'] }),
    },
  ],
};
