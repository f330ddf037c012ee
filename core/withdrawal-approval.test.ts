import { describe, expect, it } from 'vitest';
import { DEFAULT_APPROVAL_THRESHOLD_MINOR, needsApproval } from './withdrawal-approval.ts';

describe('which withdrawal waits for two operators', () => {
  const table: [string, bigint | null, bigint, boolean][] = [
    ['a withdrawal below the threshold goes out as usual', 999_999n, DEFAULT_APPROVAL_THRESHOLD_MINOR, false],
    ['a withdrawal worth exactly the threshold waits', 1_000_000n, DEFAULT_APPROVAL_THRESHOLD_MINOR, true],
    ['a withdrawal above the threshold waits', 2_500_000n, DEFAULT_APPROVAL_THRESHOLD_MINOR, true],
    ['a withdrawal whose value is unknown (no price) waits', null, DEFAULT_APPROVAL_THRESHOLD_MINOR, true],
    ["a provider's own lower threshold holds smaller withdrawals", 50_000n, 50_000n, true],
  ];
  it.each(table)('%s', (_name, value, threshold, held) => {
    expect(needsApproval(value, threshold)).toBe(held);
  });

  it('the default threshold is EUR 10,000.00', () => {
    expect(DEFAULT_APPROVAL_THRESHOLD_MINOR).toBe(10_000_00n);
  });
});
