// GET /v1/users/limits as one value: the member's level, the ladder, per operation what is allowed,
// used and left, and the next level with what it still needs. The figures are the ones enforceLimit
// checks (same ladder, same requirements, same usage), so the page never promises what the server refuses.

import { formatMinor } from '#core/money.ts';
import { OPERATIONS } from '#core/compliance/levels-config.ts';
import { levelOf, missingRequirements, nextLevel, type Level } from '#core/compliance/levels.ts';
import type { LevelAnswer, MemberLimits } from '#core/contract/limits.ts';
import type { Db } from '../db/db.ts';
import { memberRequirements } from './member-requirements.ts';
import { providerLevels } from './provider-levels.ts';
import { usedByMember } from './usage.ts';

const leftOf = (limit: bigint, used: bigint) => (used >= limit ? 0n : limit - used);

function levelAnswer(level: Level): LevelAnswer {
  const money = (minor: bigint) => formatMinor(minor, level.currency);
  const limits = Object.fromEntries(
    OPERATIONS.map((operation) => [operation, { daily: money(level.limits[operation].dailyMinor), monthly: money(level.limits[operation].monthlyMinor) }]),
  ) as LevelAnswer['limits'];
  return { id: level.id, requires: [...level.requires], limits };
}

export async function memberLimits(db: Db, member: { providerId: bigint; userId: bigint }, now: Date): Promise<MemberLimits> {
  const ladder = await providerLevels(db, member.providerId);
  const [facts, used] = await Promise.all([memberRequirements(db, member.userId), usedByMember(db, { userId: member.userId, currency: ladder.currency, now })]);
  const level = levelOf(facts, ladder.levels);
  const next = nextLevel(level, ladder.levels);
  const money = (minor: bigint) => formatMinor(minor, ladder.currency);
  return {
    currency: ladder.currency,
    level: level?.id ?? null,
    verified: facts,
    levels: ladder.levels.map(levelAnswer),
    operations: OPERATIONS.map((operation) => {
      // Below the first level nothing is allowed (checkLimit says the same).
      const daily = level ? level.limits[operation].dailyMinor : 0n;
      const monthly = level ? level.limits[operation].monthlyMinor : 0n;
      const { todayMinor, thisMonthMinor } = used[operation];
      return {
        operation,
        daily: money(daily),
        monthly: money(monthly),
        used_today: money(todayMinor),
        used_this_month: money(thisMonthMinor),
        left_today: money(leftOf(daily, todayMinor)),
        left_this_month: money(leftOf(monthly, thisMonthMinor)),
      };
    }),
    next_level: next ? { id: next.id, missing: missingRequirements(facts, next) } : null,
  };
}
