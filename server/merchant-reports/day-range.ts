// Calendar days (UTC) as the back office's filters name them, and the checks on a range: field errors
// the form can show next to the date it concerns.

import { OFFICE_MAX_DAYS } from '#core/contract/merchant-office.ts';
import { apiError } from '../http/api-error.ts';

const DAY_MS = 86_400_000;

export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The start of the day after `day`: ranges are inclusive of their last day. */
export function dayAfter(day: string): Date {
  return new Date(dayStart(day).getTime() + DAY_MS);
}

/** Refuses an impossible date (2026-02-31), an end before the start, and a range longer than the limit. */
export function checkRange(range: { from?: string | undefined; to?: string | undefined }, maxDays: number | null = OFFICE_MAX_DAYS): void {
  for (const field of ['from', 'to'] as const) {
    const day = range[field];
    if (day !== undefined && (Number.isNaN(dayStart(day).getTime()) || dayStart(day).toISOString().slice(0, 10) !== day)) {
      throw apiError('validation_failed', undefined, { [field]: ['Use a real date like 2026-11-22.'] });
    }
  }
  if (range.from === undefined || range.to === undefined) return;
  const days = (dayStart(range.to).getTime() - dayStart(range.from).getTime()) / DAY_MS;
  if (days < 0) throw apiError('validation_failed', undefined, { to: ['Choose an end date on or after the start date.'] });
  if (maxDays !== null && days >= maxDays) throw apiError('validation_failed', undefined, { to: [`Choose a range of at most ${maxDays} days.`] });
}
