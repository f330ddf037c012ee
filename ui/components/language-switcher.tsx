// en/es switch: a real navigation with ?lang=, so the server validates the language, renders the
// shell with the right <html lang> and remembers the choice in the `lang` cookie for every later
// page (core/language.ts); other query parameters and the path are kept.
import { useLocation, useRouter, useSearch } from 'wouter';
import { LOCALES, type Locale } from '#core/language.ts';
import { languageHref } from './language-href.ts';
import { useBootStore } from '../boot/boot-store.ts';
import { useT } from '../i18n/use-t.ts';

/** Language names in their own language, the way people look for them. */
const NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export function LanguageSwitcher() {
  const t = useT();
  const { base } = useRouter();
  const [path] = useLocation();
  const search = useSearch();
  const current = useBootStore((state) => state.locale);
  const supported = useBootStore((state) => state.boot.whitelabel?.languages.supported);
  const locales = LOCALES.filter((locale) => !supported || supported.includes(locale));
  if (locales.length < 2) return null;
  return (
    <nav className="language-switcher" aria-label={t('language.label')}>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            <a
              href={languageHref(base, path, search, locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
            >
              {NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
