// Which level a member has, and which comes next, from what they have verified. Levels form a
// ladder (levels-config.ts checks it): a member holds the highest level whose requirements they all
// meet, so a member who proved their address but not their identity is still only `basic`.

import { mustParseAmount } from '../money.ts';
import type { FiatAsset } from '../assets.ts';
import { OPERATIONS, type LevelsConfig, type Operation, type Requirement } from './levels-config.ts';

export interface PeriodLimitsMinor {
  dailyMinor: bigint;
  monthlyMinor: bigint;
}

/** A level as code uses it: limits in minor units of `currency`. */
export interface Level {
  id: string;
  requires: readonly Requirement[];
  currency: FiatAsset;
  limits: Record<Operation, PeriodLimitsMinor>;
}

/** What a member has verified; each maps to one requirement. */
export type VerificationFacts = Record<Requirement, boolean>;

/** The levels of a validated configuration, lowest first. */
export function levelsOf(config: LevelsConfig): Level[] {
  return config.levels.map((level) => ({
    id: level.id,
    requires: level.requires,
    currency: config.currency,
    limits: Object.fromEntries(
      OPERATIONS.map((operation) => [
        operation,
        {
          dailyMinor: mustParseAmount(level.limits[operation].daily, config.currency),
          monthlyMinor: mustParseAmount(level.limits[operation].monthly, config.currency),
        },
      ]),
    ) as Record<Operation, PeriodLimitsMinor>,
  }));
}

export function meets(facts: VerificationFacts, level: Level): boolean {
  return level.requires.every((requirement) => facts[requirement]);
}

/** The member's level: the highest one met, climbing from the lowest; null when not even the first is met. */
export function levelOf(facts: VerificationFacts, levels: readonly Level[]): Level | null {
  let held: Level | null = null;
  for (const level of levels) {
    if (!meets(facts, level)) break;
    held = level;
  }
  return held;
}

/** The level above `current` (the first level when current is null), or null at the top. */
export function nextLevel(current: Level | string | null, levels: readonly Level[]): Level | null {
  if (current === null) return levels[0] ?? null;
  const id = typeof current === 'string' ? current : current.id;
  const index = levels.findIndex((level) => level.id === id);
  if (index < 0) throw new RangeError(`nextLevel: no level ${id}`);
  return levels[index + 1] ?? null;
}

/** What `target` asks for that the member has not verified yet, in the order the config lists it. */
export function missingRequirements(facts: VerificationFacts, target: Level): Requirement[] {
  return target.requires.filter((requirement) => !facts[requirement]);
}
