// profile#widgetSettings (spec §2; §6: widget = 1 with enable_widget): the merchant's name, default
// product, logo and its size, colours and return URL, with a live preview. Saved through
// PATCH /v1/users/merchant/edit; the logo is uploaded on its own (POST users/merchant/logo), checked by
// the server from its bytes. The checkout reads the saved values, so they change the live widget.
import { useEffect, useId, useState } from 'react';
import { editWidgetSettings, EditWidgetSettingsSchema, getWidgetSettings, uploadWidgetLogo, type MerchantSettingsAnswer } from '#core/contract/merchant-settings.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { contrastRatio } from '#core/rules/button-contrast.ts';
import { canUseWidget } from '#core/rules/permission-gates.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { errorText } from '../identity/error-text.ts';
import { FormAlert, FormField } from '../identity/form-field.tsx';
import { useForm, type Values } from '../identity/use-form.ts';
import { useLinksT } from '../i18n/use-links-t.ts';
import { WidgetPreview } from './widget-preview.tsx';

const LOGO_MAX_BYTES = 512 * 1024;
const HEX6 = /^#[0-9a-f]{6}$/i;

export function WidgetSettingsSection({ user }: { user: UserInfo }) {
  const whitelabel = useWhiteLabel();
  if (!whitelabel || !canUseWidget(whitelabel.permissions, user.permissions)) return null;
  return <WidgetSettings />;
}

function WidgetSettings() {
  const t = useLinksT();
  const [loaded, setLoaded] = useState<MerchantSettingsAnswer | null | 'failed'>(null);
  useEffect(() => {
    void memberApi().call(getWidgetSettings, {}).then((answer) => setLoaded(answer.ok ? answer.data : 'failed'));
  }, []);
  useEffect(() => {
    if (loaded && location.hash === '#widgetSettings') document.getElementById('widgetSettings')?.scrollIntoView();
  }, [loaded]);
  return (
    <section id="widgetSettings" className="profile-section" aria-labelledby="widget-settings-title">
      <h2 id="widget-settings-title" className="profile-section__title">{t('widget.title')}</h2>
      <p className="panel__lead">{t('widget.lead')}</p>
      {loaded === null ? <p role="status">{t('widget.loading')}</p> : null}
      {loaded === 'failed' ? <p className="empty-state empty-state--error" role="alert">{t('widget.loadError')}</p> : null}
      {loaded && loaded !== 'failed' ? <SettingsForm initial={loaded} /> : null}
    </section>
  );
}

function valuesOf(settings: MerchantSettingsAnswer): Values {
  const w = settings.widget;
  return {
    widget_merchant_name: w.widget_merchant_name,
    widget_product_name: w.widget_product_name,
    widget_logo_size: w.widget_logo_size,
    widget_theme_primary_color: w.widget_theme_primary_color,
    widget_theme_secondary_color: w.widget_theme_secondary_color,
    widget_return_url: w.widget_return_url ?? '',
  };
}

function inputOf(values: Values) {
  const { widget_return_url: url, ...rest } = values;
  return { ...rest, widget_return_url: url?.trim() ? url.trim() : null };
}

function SettingsForm({ initial }: { initial: MerchantSettingsAnswer }) {
  const t = useLinksT();
  const locale = useBootStore((state) => state.locale);
  const id = useId();
  const form = useForm(() => valuesOf(initial));
  const [logoUrl, setLogoUrl] = useState(initial.widget.widget_theme_logo_url);
  const [saved, setSaved] = useState<string | null>(null);
  const [logoAlert, setLogoAlert] = useState<string | null>(null);
  const [logoBusy, setLogoBusy] = useState(false);

  const save = async (input: unknown) => {
    setSaved(null);
    const answer = await memberApi().call(editWidgetSettings, { body: input as never });
    if (!answer.ok) return answer.error;
    setSaved(t('widget.saved'));
    return null;
  };

  const upload = async (file: File | undefined) => {
    setLogoAlert(null);
    setSaved(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setLogoAlert(t('widget.logoTooBig'));
    setLogoBusy(true);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const answer = await memberApi().call(uploadWidgetLogo, { body: { logo_base64: btoa(binary) } });
    setLogoBusy(false);
    if (answer.ok) {
      setLogoUrl(answer.data.widget.widget_theme_logo_url);
      setSaved(t('widget.logoSaved'));
    } else setLogoAlert(answer.error.fields?.logo_base64?.[0] ?? errorText(answer.error, locale));
  };

  const removeLogo = async () => {
    const answer = await memberApi().call(editWidgetSettings, { body: { remove_logo: true } });
    if (answer.ok) setLogoUrl(null);
    else setLogoAlert(errorText(answer.error, locale));
  };

  const color = (name: 'widget_theme_primary_color' | 'widget_theme_secondary_color', label: string) => {
    const value = form.values[name] ?? '';
    const ratio = HEX6.test(value) ? contrastRatio(value, '#ffffff') : null;
    return (
      <div className="color-field">
        <FormField label={label} binding={form.field(name)} hint={t('widget.colorHint')} autoComplete="off" spellCheck={false} />
        <input type="color" className="color-field__swatch" aria-label={t('widget.picker', { name: label })} value={HEX6.test(value) ? value.toLowerCase() : '#000000'} onChange={(event) => form.set(name, event.target.value)} />
        {ratio !== null ? <p className={`color-field__ratio${ratio < 4.5 ? ' color-field__ratio--low' : ''}`}>{t('widget.contrast', { ratio: ratio.toFixed(2) })}</p> : null}
      </div>
    );
  };

  return (
    <div className="widget-settings">
      <form className="panel widget-settings__form" noValidate onSubmit={(event) => void form.submit(event, EditWidgetSettingsSchema, inputOf, save)} aria-busy={form.busy || undefined}>
        <FormAlert message={form.alert} />
        <FormAlert tone="success" message={saved} />
        <FormField label={t('widget.merchantName')} binding={form.field('widget_merchant_name')} autoComplete="organization" />
        <FormField label={t('widget.productName')} hint={t('widget.productHint')} binding={form.field('widget_product_name')} />
        <fieldset className="widget-settings__logo">
          <legend className="form-field__label">{t('widget.logo')}</legend>
          {logoUrl ? <img className="widget-settings__logo-image" src={logoUrl} alt={t('widget.logo')} height={40} /> : <p className="panel__note">{t('widget.logoNone')}</p>}
          <label className="form-field__label" htmlFor={`${id}-logo`}>{t('widget.logoHint')}</label>
          <input id={`${id}-logo`} type="file" accept="image/png,image/jpeg,image/webp,image/svg+xml" disabled={logoBusy} onChange={(event) => void upload(event.target.files?.[0])} />
          {logoBusy ? <p role="status">{t('widget.logoUploading')}</p> : null}
          {logoUrl ? <button type="button" className="button button--link" onClick={() => void removeLogo()}>{t('widget.logoRemove')}</button> : null}
          <FormAlert message={logoAlert} />
        </fieldset>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-size`}>{t('widget.logoSize')}</label>
          <select id={`${id}-size`} className="form-field__input" value={form.values.widget_logo_size} onChange={(event) => form.set('widget_logo_size', event.target.value)}>
            <option value="Large">{t('widget.size.Large')}</option>
            <option value="Medium">{t('widget.size.Medium')}</option>
            <option value="Small">{t('widget.size.Small')}</option>
          </select>
        </div>
        {color('widget_theme_primary_color', t('widget.primary'))}
        {color('widget_theme_secondary_color', t('widget.secondary'))}
        <FormField label={t('widget.returnUrl')} hint={t('widget.returnHint')} binding={form.field('widget_return_url')} type="url" autoComplete="url" />
        <button type="submit" className="button button--primary" disabled={form.busy}>{form.busy ? t('widget.saving') : t('widget.save')}</button>
      </form>
      <WidgetPreview
        values={{
          merchantName: form.values.widget_merchant_name ?? '',
          productName: form.values.widget_product_name ?? '',
          logoUrl,
          logoSize: form.values.widget_logo_size ?? 'Large',
          primary: form.values.widget_theme_primary_color ?? '',
          secondary: form.values.widget_theme_secondary_color ?? '',
        }}
      />
    </div>
  );
}
