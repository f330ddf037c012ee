// Field errors of a form, from the same valibot schema the server validates with (core/contract),
// and from a server failure (error_message.fields). One message per field: the first.
import * as v from 'valibot';
import type { ApiError } from '#ui/api/api-result.ts';

export type FieldMessages = Readonly<Record<string, string>>;

/** The dotted path of an issue ("billing.zipCode"), as the server names fields. */
function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

export type Validation<T> = { ok: true; output: T } | { ok: false; fields: FieldMessages };

export function validateForm<T>(schema: v.GenericSchema<unknown, T>, values: unknown): Validation<T> {
  const parsed = v.safeParse(schema, values);
  if (parsed.success) return { ok: true, output: parsed.output };
  const fields: Record<string, string> = {};
  for (const issue of parsed.issues) {
    const path = issuePath(issue) || '_form';
    fields[path] ??= issue.message;
  }
  return { ok: false, fields };
}

/** The first message of each field the server refused. */
export function serverFieldMessages(error: ApiError): FieldMessages {
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error.fields ?? {})) {
    const first = messages[0];
    if (first) fields[name] = first;
  }
  return fields;
}

/** The repeated password (field `confirm`) must equal the field `name`. */
export function confirmMismatch(values: Readonly<Record<string, string>>, name: string, message: string): FieldMessages {
  return values[name] === values.confirm ? {} : { confirm: message };
}
