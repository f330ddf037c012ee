// The white-label editor's draft: the provider settings being edited, read and written by the dotted path
// the schema's issues and the server's field errors use ("configuration.terms_url"), and the one change
// that moves more than a field: choosing another default language, whose texts then swap places with
// that language's translation (the schema holds no translation for the default language).
import type { Locale } from '#core/language.ts';
import type { ProviderSettings, TranslatedTexts } from '#core/whitelabel.ts';

export type Draft = ProviderSettings;

export function readPath(draft: Draft, path: string): unknown {
  let node: unknown = draft;
  for (const key of path.split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

/** A copy of the draft with the value at `path` replaced; the objects on the way are copied, nothing else. */
export function writePath(draft: Draft, path: string, value: unknown): Draft {
  const keys = path.split('.');
  const write = (node: unknown, index: number): unknown => {
    const key = keys[index] as string;
    const object = node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : {};
    return { ...object, [key]: index === keys.length - 1 ? value : write(object[key], index + 1) };
  };
  return write(draft, 0) as Draft;
}

/** An empty translated text is left out, so the default language's text shows instead (core/provider-texts.ts). */
export function writeTranslation(draft: Draft, language: Locale, field: keyof TranslatedTexts, text: string): Draft {
  const current = { ...(draft.configuration.translations[language] ?? {}) };
  if (text === '') delete current[field];
  else current[field] = text;
  const translations = { ...draft.configuration.translations };
  if (Object.keys(current).length === 0) delete translations[language];
  else translations[language] = current;
  return { ...draft, configuration: { ...draft.configuration, translations } };
}

/** The new default's translation becomes the main texts, and the old default's texts its translation. */
export function switchDefaultLanguage(draft: Draft, next: Locale): Draft {
  const previous = draft.languages.default;
  if (next === previous) return draft;
  const { [next]: incoming, ...others } = draft.configuration.translations;
  const outgoing: TranslatedTexts = {};
  if (draft.configuration.disclaimer !== '') outgoing.disclaimer = draft.configuration.disclaimer;
  if (draft.configuration.regulation_html !== '') outgoing.regulation_html = draft.configuration.regulation_html;
  const translations = Object.keys(outgoing).length > 0 ? { ...others, [previous]: outgoing } : others;
  const supported = draft.languages.supported.includes(next) ? draft.languages.supported : [...draft.languages.supported, next];
  return {
    ...draft,
    configuration: { ...draft.configuration, disclaimer: incoming?.disclaimer ?? '', regulation_html: incoming?.regulation_html ?? '', translations },
    languages: { default: next, supported },
  };
}

/** Offering a language or not; the default language is always offered. */
export function toggleLanguage(draft: Draft, language: Locale, offered: boolean): Draft {
  if (language === draft.languages.default) return draft;
  const supported = offered ? [...new Set([...draft.languages.supported, language])] : draft.languages.supported.filter((item) => item !== language);
  return { ...draft, languages: { ...draft.languages, supported } };
}
