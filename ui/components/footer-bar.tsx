// The footer line every frame has: terms and privacy links, the language switcher and the company
// name. The full footer adds disclaimer and regulation text; compact frames (widget, flow, error)
// use this alone, so the iframe bundle never carries the regulation sanitiser.
import type { ReactNode } from 'react';
import { useWhiteLabel } from '../boot/boot-store.ts';
import { useT } from '../i18n/use-t.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

export function FooterBar({ extraLinks, children }: { extraLinks?: ReactNode; children?: ReactNode }) {
  const t = useT();
  const whitelabel = useWhiteLabel();
  if (!whitelabel) {
    return (
      <footer className="site-footer site-footer--bare">
        <div className="site-footer__inner">
          <LanguageSwitcher />
        </div>
      </footer>
    );
  }
  const c = whitelabel.configuration;
  return (
    <footer className={`site-footer ${children ? 'site-footer--full' : 'site-footer--compact'}`}>
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <nav className="site-footer__links" aria-label={t('footer.legal')}>
            <ul>
              <li><a href={c.terms_url} target="_blank" rel="noopener noreferrer">{t('footer.terms')}</a></li>
              <li><a href={c.privacy_url} target="_blank" rel="noopener noreferrer">{t('footer.privacy')}</a></li>
              {extraLinks}
            </ul>
          </nav>
          <LanguageSwitcher />
        </div>
        {children}
        <p className="site-footer__company">{t('footer.copyright', { year: new Date().getFullYear(), company: c.company_name })}</p>
      </div>
    </footer>
  );
}
