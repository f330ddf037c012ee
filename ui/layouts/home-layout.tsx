// Home frame (markets and marketing pages): a marketing header with navigation and call-to-action
// slots, a wide content area, and the full footer with the provider's legal links and contacts.
import type { ReactNode } from 'react';
import { useWhiteLabel } from '../boot/boot-store.ts';
import { BrandLogo } from '../components/brand-logo.tsx';
import { SiteFooter } from '../components/site-footer.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useT } from '../i18n/use-t.ts';

export interface HomeLayoutProps {
  children: ReactNode;
  /** Links of the marketing navigation (e.g. Markets). */
  nav?: ReactNode;
  /** Call-to-action buttons (e.g. Sign in, Register). */
  actions?: ReactNode;
}

export function HomeLayout({ children, nav, actions }: HomeLayoutProps) {
  const t = useT();
  const whitelabel = useWhiteLabel();
  const c = whitelabel?.configuration;
  return (
    <div className="layout layout--home">
      <SkipLink />
      <header className="home-header">
        <div className="home-header__inner">
          <BrandLogo size="lg" />
          {nav ? <nav className="home-header__nav" aria-label={t('nav.main')}>{nav}</nav> : null}
          <div className="home-header__actions">
            <TestModeBadge />
            {actions}
          </div>
        </div>
      </header>
      <main id={MAIN_ID} className="layout__main layout__main--wide" tabIndex={-1}>
        {children}
      </main>
      {c ? (
        <section className="home-contact" aria-label={t('footer.support')}>
          <div className="home-contact__inner">
            <p className="home-contact__company">{c.company_name}</p>
            {c.address ? <p>{c.address}</p> : null}
            <ul className="home-contact__links">
              <li><a href={`mailto:${c.support_email}`}>{c.support_email}</a></li>
              {c.phone ? <li><a href={`tel:${c.phone.replace(/[^+0-9]/g, '')}`}>{c.phone}</a></li> : null}
              <li><a href={c.refund_url} target="_blank" rel="noopener noreferrer">{t('footer.refund')}</a></li>
              <li><a href={c.kyc_policy} target="_blank" rel="noopener noreferrer">{t('footer.kyc')}</a></li>
              <li><a href={c.lic_url} target="_blank" rel="noopener noreferrer">{t('footer.licence')}</a></li>
            </ul>
          </div>
        </section>
      ) : null}
      <SiteFooter />
    </div>
  );
}
