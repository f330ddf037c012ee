// Error frame: the least that can go wrong. It also serves pages without a configuration
// (whitelabel null), where the header and footer show no brand, only the language choice.
import type { ReactNode } from 'react';
import { FooterBar } from '../components/footer-bar.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';

export function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--error">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_ID} className="layout__main layout__main--centered" tabIndex={-1}>
        {children}
      </main>
      <FooterBar />
    </div>
  );
}
