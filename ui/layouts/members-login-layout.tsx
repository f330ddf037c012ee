// Members login frame: a slowly moving brand-coloured background behind a centred card.
// The motion is decoration only; with prefers-reduced-motion the background holds still (CSS).
import type { ReactNode } from 'react';
import { BrandLogo } from '../components/brand-logo.tsx';
import { FooterBar } from '../components/footer-bar.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';

export function MembersLoginLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--login">
      <div className="login-backdrop" aria-hidden="true">
        <span className="login-backdrop__blob login-backdrop__blob--one" />
        <span className="login-backdrop__blob login-backdrop__blob--two" />
        <span className="login-backdrop__blob login-backdrop__blob--three" />
      </div>
      <SkipLink />
      <header className="login-header">
        <BrandLogo size="lg" />
        <TestModeBadge />
      </header>
      <main id={MAIN_ID} className="layout__main layout__main--centered login-main" tabIndex={-1}>
        {children}
      </main>
      <FooterBar />
    </div>
  );
}
