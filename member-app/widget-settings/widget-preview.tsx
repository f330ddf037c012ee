// The live preview beside the widget settings form: the checkout's merchant header (spec §2: logo at its
// size, name, total, "Payment for" the product) and its buttons in the colours being edited, so the
// merchant sees what buyers will see before saving. Colours reach the element through CSSOM (React's
// style property), which the member app's CSP allows; only colours that passed the hex check get here.
import type { CSSProperties } from 'react';
import { logoSizePx } from '#core/rules/widget-header.ts';
import { useLinksT } from '../i18n/use-links-t.ts';

export interface PreviewValues {
  merchantName: string;
  productName: string;
  logoUrl: string | null;
  logoSize: string;
  primary: string;
  secondary: string;
}

const HEX6 = /^#[0-9a-f]{6}$/i;

export function WidgetPreview({ values }: { values: PreviewValues }) {
  const t = useLinksT();
  const size = logoSizePx(values.logoSize);
  const style = {
    '--preview-primary': HEX6.test(values.primary) ? values.primary : '#053f2e',
    '--preview-secondary': HEX6.test(values.secondary) ? values.secondary : '#096e52',
  } as CSSProperties;
  return (
    <figure className="widget-preview" style={style} aria-labelledby="widget-preview-title">
      <figcaption id="widget-preview-title" className="widget-preview__caption">{t('widget.preview')}</figcaption>
      <div className="widget-preview__card" data-testid="widget-preview">
        <div className="widget-preview__header">
          <div className="widget-preview__brand">
            {values.logoUrl ? <img className="widget-preview__logo" src={values.logoUrl} alt="" width={size} height={size} /> : null}
            <span className="widget-preview__name">{values.merchantName}</span>
          </div>
          <div className="widget-preview__amount">
            <span className="widget-preview__total">{t('widget.previewAmount')}</span>
            <span className="widget-preview__product">{t('widget.previewPaymentFor', { product: values.productName })}</span>
          </div>
        </div>
        <div className="widget-preview__body">
          <p>{t('widget.previewChoose')}</p>
          <span className="widget-preview__button">{t('widget.previewPay')}</span>
          <span className="widget-preview__accent" aria-hidden="true" />
        </div>
      </div>
    </figure>
  );
}
