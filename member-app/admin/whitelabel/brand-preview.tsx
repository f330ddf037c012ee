// The white-label editor's live preview: the member app's sign-in and the checkout, drawn with the UNSAVED
// configuration. Rendered here rather than in an iframe of the real pages: an iframe would have to take
// the unsaved configuration by postMessage (a new way into the member app for any page that can frame
// it) or by a query string (a branded-looking page anyone could link to). Here the preview uses the
// app's own classes and the app's own themeVariables(), set on the preview's element only (CSSOM, which
// the CSP allows), so the colours, contrast fixes and hover shades are computed exactly as the app
// computes them at start, and nothing outside the editor can influence it.
import type { CSSProperties } from 'react';
import type { ProviderSettings } from '#core/whitelabel.ts';
import { themeVariables } from '#ui/theme/theme-variables.ts';
import { WidgetPreview } from '../../widget-settings/widget-preview.tsx';
import { useAdminWhitelabelT } from '../../i18n/use-admin-whitelabel-t.ts';

const HEX6 = /^#[0-9a-f]{6}$/i;
/** Only same-origin paths and http(s) addresses are shown as images; anything else would be the schema's to refuse first. */
const SAFE_IMAGE = /^(https?:\/\/|\/(?![/\\]))/i;

export function BrandPreview({ settings }: { settings: ProviderSettings }) {
  const t = useAdminWhitelabelT();
  const { configuration, meta } = settings;
  const primary = HEX6.test(meta.primary_color) ? meta.primary_color : undefined;
  const secondary = HEX6.test(meta.secondary_color) ? meta.secondary_color : undefined;
  const style = themeVariables({ primary_color: primary, secondary_color: secondary }) as CSSProperties;
  const logo = SAFE_IMAGE.test(meta.logo_url) ? meta.logo_url : null;
  return (
    <section className="brand-preview" aria-labelledby="brand-preview-title">
      <h2 id="brand-preview-title" className="brand-preview__title">{t('wl.preview')}</h2>
      <p className="panel__note">{t('wl.previewLead')}</p>
      <figure className="brand-preview__figure">
        <figcaption className="brand-preview__caption">{t('wl.preview.app')}</figcaption>
        <div className="brand-preview__app" style={style} data-testid="brand-preview-app" inert>
          <div className="brand-preview__header">
            {logo ? <img className="brand-preview__logo" src={logo} alt="" /> : null}
            <span className="brand-preview__label">{configuration.label_name}</span>
          </div>
          <div className="brand-preview__card">
            <p className="brand-preview__heading">{t('wl.preview.signIn')}</p>
            <span className="brand-preview__input">{t('wl.preview.email')}</span>
            <span className="brand-preview__input">{t('wl.preview.password')}</span>
            <span className="button button--primary brand-preview__button" data-testid="brand-preview-button">{t('wl.preview.signIn')}</span>
            <span className="brand-preview__links">
              <span className="brand-preview__link">{t('wl.preview.forgot')}</span>
              <span className="brand-preview__link">{t('wl.preview.register')}</span>
            </span>
          </div>
          <p className="brand-preview__footer">
            {configuration.company_name} · {t('wl.preview.support', { email: configuration.support_email })}
          </p>
          <p className="brand-preview__disclaimer">{configuration.disclaimer}</p>
        </div>
      </figure>
      <WidgetPreview
        values={{
          merchantName: t('wl.preview.merchant'),
          productName: t('wl.preview.product'),
          logoUrl: logo,
          logoSize: 'Medium',
          primary: primary ?? '',
          secondary: secondary ?? '',
        }}
      />
    </section>
  );
}
