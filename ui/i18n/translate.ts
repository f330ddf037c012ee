// A tiny translator: look a key up in the locale's catalogue and fill {name} placeholders.
// Plain functions so the glue is unit-tested without a DOM; the hooks in use-t.ts only pick the locale.

import type { Locale } from '#core/language.ts';

export type Params = Readonly<Record<string, string | number>>;
export type Translate<K extends string> = (key: K, params?: Params) => string;

/** Fills {name} placeholders; an unknown placeholder stays visible so a missing parameter is noticed, not hidden. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Catalogues for every locale; each has the same keys (enforced by the Messages types). */
export type Catalogues<K extends string> = Readonly<Record<Locale, Readonly<Record<K, string>>>>;

export function translator<K extends string>(catalogues: Catalogues<K>, locale: Locale): Translate<K> {
  const messages = catalogues[locale] ?? catalogues.en;
  return (key, params) => interpolate(messages[key] ?? catalogues.en[key] ?? key, params);
}
