import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff.ts';

describe('an audit entry as rows to read', () => {
  it('lists changed fields first, with old and new values, and keeps the unchanged ones after', () => {
    expect(auditDiff({ blocked: false, email: 'a@b.c' }, { blocked: true, email: 'a@b.c', reason: 'fraud' })).toEqual([
      { field: 'blocked', before: 'false', after: 'true', changed: true },
      { field: 'reason', before: null, after: 'fraud', changed: true },
      { field: 'email', before: 'a@b.c', after: 'a@b.c', changed: false },
    ]);
  });

  it('shows nested values as JSON and an entry with no state as no rows', () => {
    expect(auditDiff(null, { limits: { daily: '100' } })).toEqual([{ field: 'limits', before: null, after: '{"daily":"100"}', changed: true }]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(auditDiff('old', 'new')).toEqual([{ field: '', before: 'old', after: 'new', changed: true }]);
  });
});
