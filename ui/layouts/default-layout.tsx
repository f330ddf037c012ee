// Default frame: brand header, the page centred, the provider footer. Blocked and maintenance use it.
import type { ReactNode } from 'react';
import { SiteFooter } from '../components/site-footer.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--default">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_ID} className="layout__main layout__main--centered" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
