// What an answer holds that its schema does not declare. valibot's object() drops unknown keys
// from its output, so an answer with an extra field would pass its schema: comparing the answer
// with the schema's output finds every field the contract (and so the API reference) leaves out.

/** Dotted paths present in `sent` and missing from `declared` (the schema's output for it). */
export function undocumentedFields(sent: unknown, declared: unknown, path = ''): string[] {
  if (sent === null || typeof sent !== 'object' || declared === null || typeof declared !== 'object') return [];
  if (Array.isArray(sent)) {
    if (!Array.isArray(declared)) return [];
    return sent.flatMap((item, index) => undocumentedFields(item, declared[index], `${path}[${index}]`));
  }
  const missing: string[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const childPath = path ? `${path}.${key}` : key;
    if (value === undefined) continue;
    if (!Object.hasOwn(declared, key)) missing.push(childPath);
    else missing.push(...undocumentedFields(value, (declared as Record<string, unknown>)[key], childPath));
  }
  return missing;
}
