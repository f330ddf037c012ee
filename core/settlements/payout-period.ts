// The period a scheduled payout pays for, as a key that is unique per merchant: the UTC day
// ('d2026-11-24') or the ISO 8601 week ('w2026-W48', weeks start on Monday; week 1 holds the year's
// first Thursday). A second worker run in the same period computes the same key and finds it taken.

import type { PayoutSchedule } from '../contract/settlements.ts';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isoWeek(at: Date): { year: number; week: number } {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the ISO year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return { year: day.getUTCFullYear(), week: Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

/** The key of the period `at` falls in; null when the schedule is off. */
export function payoutPeriodKey(schedule: PayoutSchedule, at: Date): string | null {
  if (schedule === 'off') return null;
  if (schedule === 'daily') return `d${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const { year, week } = isoWeek(at);
  return `w${year}-W${pad(week)}`;
}
