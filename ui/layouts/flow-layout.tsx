// Flow frame (quick buy and remittance): brand header with an optional progress slot (the flow's
// steps: contact details, payment, verify account, order confirmation), the step's page, a compact footer.
import { useContext, type ReactNode } from 'react';
import { FooterBar } from '../components/footer-bar.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';
import { FlowEmbedded } from './flow-embed.ts';

export function FlowLayout({ children, progress }: { children: ReactNode; progress?: ReactNode }) {
  // Inside the buy widget's card (flow-embed.ts): the page and its progress only.
  if (useContext(FlowEmbedded)) {
    return (
      <div className="flow-embedded">
        {progress ? <div className="flow-progress">{progress}</div> : null}
        {children}
      </div>
    );
  }
  return (
    <div className="layout layout--flow">
      <SkipLink />
      <SiteHeader className="site-header--flow" />
      {progress ? <div className="flow-progress">{progress}</div> : null}
      <main id={MAIN_ID} className="layout__main layout__main--narrow" tabIndex={-1}>
        {children}
      </main>
      <FooterBar />
    </div>
  );
}
