// The provider's full footer (spec §1 fields): legal links and support, disclaimer, regulation text
// (through the sanitiser), company name and the language switcher. The disclaimer and regulation
// text are the provider's, in the page's language where it has them (core/provider-texts.ts).
import { providerTexts } from '#core/provider-texts.ts';
import { useBootStore, useWhiteLabel } from '../boot/boot-store.ts';
import { useT } from '../i18n/use-t.ts';
import { FooterBar } from './footer-bar.tsx';
import { RegulationText } from './regulation-text.tsx';

export function SiteFooter() {
  const t = useT();
  const locale = useBootStore((state) => state.locale);
  const c = useWhiteLabel()?.configuration;
  if (!c) return <FooterBar />;
  const texts = providerTexts(c, locale);
  return (
    <FooterBar extraLinks={<li><a href={`mailto:${c.support_email}`}>{t('footer.support')}</a></li>}>
      {texts.disclaimer ? <p className="site-footer__disclaimer">{texts.disclaimer}</p> : null}
      {texts.regulation_html ? (
        <section aria-label={t('footer.regulation')}>
          <RegulationText className="site-footer__regulation" html={texts.regulation_html} />
        </section>
      ) : null}
    </FooterBar>
  );
}
