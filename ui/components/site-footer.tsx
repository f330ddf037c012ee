// The provider's full footer (spec §1 fields): legal links and support, disclaimer, regulation text
// (through the sanitiser), company name and the language switcher.
import { useWhiteLabel } from '../boot/boot-store.ts';
import { useT } from '../i18n/use-t.ts';
import { FooterBar } from './footer-bar.tsx';
import { RegulationText } from './regulation-text.tsx';

export function SiteFooter() {
  const t = useT();
  const c = useWhiteLabel()?.configuration;
  if (!c) return <FooterBar />;
  return (
    <FooterBar extraLinks={<li><a href={`mailto:${c.support_email}`}>{t('footer.support')}</a></li>}>
      {c.disclaimer ? <p className="site-footer__disclaimer">{c.disclaimer}</p> : null}
      {c.regulation_html ? (
        <section aria-label={t('footer.regulation')}>
          <RegulationText className="site-footer__regulation" html={c.regulation_html} />
        </section>
      ) : null}
    </FooterBar>
  );
}
