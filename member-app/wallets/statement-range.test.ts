import { describe, expect, it } from 'vitest';
import { defaultStatementRange, localIsoDate, statementFileName, statementHref, statementProblem } from './statement-range.ts';

describe('the statement range', () => {
  it('defaults to the first of this month until today', () => {
    expect(defaultStatementRange(new Date(2026, 10, 22, 15, 0))).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(localIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it.each([
    ['', '2026-11-22', 'statement.fromRequired'],
    ['2026-11-01', '', 'statement.toRequired'],
    ['2026-11-22', '2026-11-01', 'statement.order'],
    ['2026-12-01', '2026-12-31', 'statement.future'],
    ['2026-11-01', '2026-11-22', null],
    ['2026-11-22', '2026-11-22', null],
  ])('from %s to %s: %s', (from, to, problem) => {
    expect(statementProblem(from, to, '2026-11-22')).toBe(problem);
  });

  it('links the CSV endpoint under the configured API base', () => {
    expect(statementHref('/v1/', '2026-11-01', '2026-11-22')).toBe('/v1/transactions/statement?from=2026-11-01&to=2026-11-22');
    expect(statementFileName('2026-11-01', '2026-11-22')).toBe('statement-2026-11-01-2026-11-22.csv');
  });
});
