// An audit entry's before and after as rows a person reads: one per field, the old and the new value,
// changed fields first. Objects are compared field by field (one level; deeper values as JSON text).

export interface DiffRow {
  field: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

function text(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    if ((before ?? null) === null && (after ?? null) === null) return [];
    const b = text(before ?? undefined);
    const a = text(after ?? undefined);
    return [{ field: '', before: b, after: a, changed: b !== a }];
  }
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  const rows = fields.map((field) => {
    const b = text(old[field]);
    const a = text(now[field]);
    return { field, before: b, after: a, changed: b !== a };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
