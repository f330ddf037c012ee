// Text no field of ours can hold: a NUL character. PostgreSQL refuses it in text columns (the
// query fails: a 500 on every route that stored or looked it up), and no name, address, code or id
// contains one. It is refused for the whole request, before any schema, with the field that held it.

import { apiError } from '../http/api-error.ts';
import type { InputPart } from '../http/validate-input.ts';

const NUL = '\u0000';
const MESSAGE = 'Remove the NUL character (\\u0000): no field accepts it.';

/** Throws validation_failed naming every field (dotted path) whose key or text holds a NUL. */
export function refuseUnsafeText(value: unknown, part: InputPart): void {
  const fields: Record<string, string[]> = {};
  // Iterative: the body's depth is already bounded by the JSON parser, but a walk need not rely on it.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) fields[path || part] = [MESSAGE];
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) fields[childPath.replaceAll(NUL, '\\u0000')] = [MESSAGE];
      else stack.push({ value: child, path: childPath });
    }
  }
  if (Object.keys(fields).length > 0) throw apiError('validation_failed', undefined, fields);
}
