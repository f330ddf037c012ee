import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEVELS_CONFIG, LevelsConfigSchema, type LevelsConfig } from './levels-config.ts';
import { levelOf, levelsOf, missingRequirements, nextLevel, type VerificationFacts } from './levels.ts';

const levels = levelsOf(DEFAULT_LEVELS_CONFIG);
const facts = (email: boolean, phone: boolean, identity: boolean, proof_of_address: boolean): VerificationFacts => ({ email, phone, identity, proof_of_address });

describe('the default levels', () => {
  it('are a valid configuration', () => {
    expect(v.safeParse(LevelsConfigSchema, DEFAULT_LEVELS_CONFIG).success).toBe(true);
  });

  it.each([
    ['basic', ['email', 'phone']],
    ['verified', ['email', 'phone', 'identity']],
    ['enhanced', ['email', 'phone', 'identity', 'proof_of_address']],
  ])('%s requires %j', (id, requires) => {
    expect(levels.find((level) => level.id === id)?.requires).toEqual(requires);
  });

  it('hold limits in minor units of the provider fiat', () => {
    expect(levels[1]!.currency).toBe('EUR');
    expect(levels[1]!.limits.buy).toEqual({ dailyMinor: 500_000n, monthlyMinor: 2_000_000n });
    expect(levels[0]!.limits.withdraw).toEqual({ dailyMinor: 0n, monthlyMinor: 0n });
  });
});

describe('which level a member has', () => {
  const table: [string, VerificationFacts, string | null][] = [
    ['nothing verified: no level', facts(false, false, false, false), null],
    ['email alone is not basic', facts(true, false, false, false), null],
    ['email and phone verified: basic', facts(true, true, false, false), 'basic'],
    ['identity verified: verified', facts(true, true, true, false), 'verified'],
    ['identity and proof of address: enhanced', facts(true, true, true, true), 'enhanced'],
    ['a proof of address without identity is still basic: levels are a ladder', facts(true, true, false, true), 'basic'],
    ['identity without a verified phone is no level', facts(true, false, true, true), null],
  ];
  it.each(table)('%s', (_name, given, expected) => {
    expect(levelOf(given, levels)?.id ?? null).toBe(expected);
  });
});

describe('the next level', () => {
  it.each([
    [null, 'basic'],
    ['basic', 'verified'],
    ['verified', 'enhanced'],
    ['enhanced', null],
  ] as const)('after %s comes %s', (current, next) => {
    expect(nextLevel(current, levels)?.id ?? null).toBe(next);
  });

  it('refuses a level the provider does not have (a bug, not a member error)', () => {
    expect(() => nextLevel('gold', levels)).toThrow(RangeError);
  });

  it('names what the next level needs that the member has not done', () => {
    expect(missingRequirements(facts(true, true, false, true), levels[2]!)).toEqual(['identity']);
    expect(missingRequirements(facts(true, true, false, false), levels[1]!)).toEqual(['identity']);
  });
});

describe('a provider configuration the console may save', () => {
  const edit = (change: (config: LevelsConfig) => void): unknown => {
    const config = structuredClone(DEFAULT_LEVELS_CONFIG);
    change(config);
    return config;
  };
  const messages = (input: unknown) => {
    const result = v.safeParse(LevelsConfigSchema, input);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it.each([
    ['a daily limit above the monthly one', (c: LevelsConfig) => { c.levels[1]!.limits.buy.daily = '30000'; }, 'The daily limit cannot be above the monthly limit.'],
    ['an amount with three decimals', (c: LevelsConfig) => { c.levels[1]!.limits.buy.daily = '10.001'; }, 'Enter an amount such as 5000 or 5000.00.'],
    ['a negative amount', (c: LevelsConfig) => { c.levels[1]!.limits.send.daily = '-1'; }, 'Enter an amount such as 5000 or 5000.00.'],
    ['a number instead of a string', (c: LevelsConfig) => { (c.levels[1]!.limits.send as unknown as { daily: number }).daily = 5; }, undefined],
    ['a missing operation', (c: LevelsConfig) => { delete (c.levels[0]!.limits as Partial<LevelsConfig['levels'][0]['limits']>).send; }, undefined],
    ['an unknown operation', (c: LevelsConfig) => { (c.levels[0]!.limits as Record<string, unknown>).lend = { daily: '1', monthly: '1' }; }, undefined],
    ['an unknown requirement', (c: LevelsConfig) => { (c.levels[0]!.requires as string[]).push('selfie'); }, 'Choose email, phone, identity or proof_of_address.'],
    ['a requirement named twice', (c: LevelsConfig) => { c.levels[0]!.requires.push('email'); }, 'Name each requirement once.'],
    ['two levels with one id', (c: LevelsConfig) => { c.levels[2]!.id = 'verified'; }, 'Give each level its own id.'],
    ['a higher level that drops a requirement', (c: LevelsConfig) => { c.levels[2]!.requires = ['email', 'phone', 'proof_of_address']; }, 'Level enhanced must require everything verified requires.'],
    ['a higher level that asks nothing more', (c: LevelsConfig) => { c.levels[2]!.requires = ['email', 'phone', 'identity']; }, 'Level enhanced must require something more than verified.'],
    ['a higher level that allows less', (c: LevelsConfig) => { c.levels[2]!.limits.send.monthly = '9999.99'; }, 'Level enhanced must allow at least as much as verified (send, monthly).'],
    ['a currency that is not a fiat', (c: LevelsConfig) => { (c as { currency: string }).currency = 'BTC'; }, 'Choose one of USD, GBP, EUR, AUD, CAD, CHF.'],
    ['no levels', (c: LevelsConfig) => { c.levels = []; }, 'Add at least one level.'],
    ['an id with capitals', (c: LevelsConfig) => { c.levels[0]!.id = 'Basic'; }, 'Use lowercase letters, digits and _ (up to 32), starting with a letter.'],
  ])('refuses %s', (_name, change, message) => {
    const found = messages(edit(change));
    expect(found.length).toBeGreaterThan(0);
    if (message) expect(found).toContain(message);
  });

  it('accepts a provider with one level in GBP and pence', () => {
    const config = { currency: 'GBP', levels: [{ ...DEFAULT_LEVELS_CONFIG.levels[0]!, limits: { ...DEFAULT_LEVELS_CONFIG.levels[0]!.limits, buy: { daily: '99.99', monthly: '100.50' } } }] };
    expect(messages(config)).toEqual([]);
    expect(levelsOf(v.parse(LevelsConfigSchema, config))[0]!.limits.buy).toEqual({ dailyMinor: 9_999n, monthlyMinor: 10_050n });
  });
});
