import { describe, expect, it } from 'vitest';
import { payoutPeriodKey } from './payout-period.ts';

describe('the period a scheduled payout pays for', () => {
  it.each([
    ['off has no period', 'off', '2026-11-24T10:00:00Z', null],
    ['daily is the UTC day', 'daily', '2026-11-24T23:59:59Z', 'd2026-11-24'],
    ['daily turns at UTC midnight', 'daily', '2026-11-25T00:00:00Z', 'd2026-11-25'],
    ['weekly is the ISO week (Tuesday)', 'weekly', '2026-11-24T10:00:00Z', 'w2026-W48'],
    ['weekly: Monday starts the week', 'weekly', '2026-11-23T00:00:00Z', 'w2026-W48'],
    ['weekly: Sunday ends it', 'weekly', '2026-11-29T23:00:00Z', 'w2026-W48'],
    ['weekly: 1 January 2027 (a Friday) is in week 53 of 2026', 'weekly', '2027-01-01T12:00:00Z', 'w2026-W53'],
    ['weekly: 29 December 2025 (a Monday) is week 1 of 2026', 'weekly', '2025-12-29T12:00:00Z', 'w2026-W01'],
  ] as const)('%s', (_name, schedule, at, key) => {
    expect(payoutPeriodKey(schedule, new Date(at))).toBe(key);
  });
});
