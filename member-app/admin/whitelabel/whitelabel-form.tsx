// The white-label editor: the spec §1 configuration grouped as the spec lists it (labels, urls, logos,
// colours, permission flags, languages), checked with core's ProviderSettingsSchema before it is sent (the
// server checks it again), with the live preview beside it. `save` sends the settings and answers the
// failure to show, or null.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LOCALES, type Locale } from '#core/language.ts';
import { contrastRatio } from '#core/rules/button-contrast.ts';
import { PermissionsSchema, ProviderSettingsSchema, type Permissions, type ProviderSettings, type TranslatedTexts } from '#core/whitelabel.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { errorText } from '../../identity/error-text.ts';
import { FormAlert, FormField } from '../../identity/form-field.tsx';
import { serverFieldMessages, validateForm, type FieldMessages } from '../../identity/form-errors.ts';
import { useAdminWhitelabelT } from '../../i18n/use-admin-whitelabel-t.ts';
import type { AdminWhitelabelKey } from '../../i18n/admin-whitelabel-en.ts';
import { BrandPreview } from './brand-preview.tsx';
import { readPath, switchDefaultLanguage, toggleLanguage, writePath, writeTranslation, type Draft } from './settings-draft.ts';

const HEX6 = /^#[0-9a-f]{6}$/i;
const LABEL_FIELDS = ['label_name', 'company_name', 'support_email', 'phone', 'address', 'account_prefix'] as const;
const LINK_FIELDS = ['terms_url', 'privacy_url', 'refund_url', 'kyc_policy', 'contact_url', 'lic_url'] as const;
const PLATFORM_FIELDS = ['wallet_url', 'markets_url', 'country_locator', 'api', 'mapi'] as const;
const META_FIELDS = ['title', 'description', 'logo_url', 'favicon_url'] as const;
const FLAGS = Object.keys(PermissionsSchema.entries).filter((name): name is Exclude<keyof Permissions, 'wl_id'> => name !== 'wl_id');

export function WhitelabelForm({ initial, save }: { initial: ProviderSettings; save: (settings: ProviderSettings) => Promise<ApiError | null> }) {
  const t = useAdminWhitelabelT();
  const locale = useBootStore((state) => state.locale);
  const [saved, setSaved] = useState<ProviderSettings>(initial);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: Draft) => {
    setDraft(next);
    setDone(null);
    // A field the operator touched loses its message; with none left, so does the alert above the form.
    setErrors((current) => {
      const left = Object.fromEntries(Object.entries(current).filter(([path]) => readPath(next, path) === readPath(draft, path)));
      if (Object.keys(left).length === 0) setAlert(null);
      return left;
    });
  };
  const text = (path: string, label: string, type = 'text') => (
    <FormField
      key={path}
      label={label}
      type={type}
      autoComplete="off"
      binding={{ name: path, value: String(readPath(draft, path) ?? ''), error: errors[path], onChange: (value) => change(writePath(draft, path, value)) }}
    />
  );
  const field = (group: 'configuration' | 'meta', name: string) => text(`${group}.${name}`, t(`wl.field.${name}` as AdminWhitelabelKey), name.endsWith('_url') || name === 'kyc_policy' ? 'url' : name === 'support_email' ? 'email' : 'text');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const checked = validateForm(ProviderSettingsSchema, draft);
    if (!checked.ok) {
      setErrors(checked.fields);
      setAlert(t('wl.invalid'));
      return;
    }
    setBusy(true);
    const failure = await save(checked.output);
    setBusy(false);
    if (failure) {
      setErrors(serverFieldMessages(failure));
      setAlert(failure.fields ? t('wl.invalid') : errorText(failure, locale));
      return;
    }
    setErrors({});
    setAlert(null);
    setSaved(checked.output);
    setDone(t('wl.saved'));
  };

  return (
    <div className="whitelabel-editor">
      <form className="whitelabel-editor__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy || undefined}>
        <FormAlert message={alert} />
        <Group title={t('wl.group.labels')}>{LABEL_FIELDS.map((name) => field('configuration', name))}</Group>
        <Group title={t('wl.group.brand')}>
          {META_FIELDS.map((name) => field('meta', name))}
          <ColorField path="meta.primary_color" label={t('wl.field.primary_color')} draft={draft} error={errors['meta.primary_color']} onChange={change} />
          <ColorField path="meta.secondary_color" label={t('wl.field.secondary_color')} draft={draft} error={errors['meta.secondary_color']} onChange={change} />
        </Group>
        <Group title={t('wl.group.links')}>{LINK_FIELDS.map((name) => field('configuration', name))}</Group>
        <Group title={t('wl.group.permissions')}>
          <p className="panel__note">{t('wl.wlId', { id: draft.permissions.wl_id })}</p>
          {FLAGS.map((flag) => (
            <label key={flag} className="whitelabel-editor__check">
              <input type="checkbox" checked={draft.permissions[flag]} onChange={(event) => change(writePath(draft, `permissions.${flag}`, event.target.checked))} />
              {t(`wl.flag.${flag}` as AdminWhitelabelKey)}
            </label>
          ))}
        </Group>
        <Group title={t('wl.group.languages')}>
          <Languages draft={draft} onChange={change} />
        </Group>
        <Group title={t('wl.group.texts')}>
          <LegalTexts draft={draft} errors={errors} onChange={change} />
        </Group>
        <Group title={t('wl.group.platform')} hint={t('wl.platformHint')}>{PLATFORM_FIELDS.map((name) => field('configuration', name))}</Group>
        <FormAlert tone="success" message={done} />
        <div className="whitelabel-editor__actions">
          <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('wl.saving') : t('wl.save')}</button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => { setDraft(saved); setErrors({}); setAlert(null); }}>{t('wl.reset')}</button>
        </div>
      </form>
      <BrandPreview settings={draft} />
    </div>
  );
}

function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="panel whitelabel-editor__group">
      <legend className="whitelabel-editor__legend">{title}</legend>
      {hint ? <p className="panel__note">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

function ColorField({ path, label, draft, error, onChange }: { path: string; label: string; draft: Draft; error: string | undefined; onChange: (next: Draft) => void }) {
  const t = useAdminWhitelabelT();
  const value = String(readPath(draft, path) ?? '');
  const ratio = HEX6.test(value) ? contrastRatio(value, '#ffffff') : null;
  const low = ratio !== null && ratio < 4.5;
  return (
    <div className="color-field">
      <FormField label={label} autoComplete="off" spellCheck={false} binding={{ name: path, value, error, onChange: (next) => onChange(writePath(draft, path, next)) }} />
      <input type="color" className="color-field__swatch" aria-label={t('wl.picker', { name: label })} value={HEX6.test(value) ? value.toLowerCase() : '#000000'} onChange={(event) => onChange(writePath(draft, path, event.target.value))} />
      {ratio !== null ? (
        <p className={`color-field__ratio${low ? ' color-field__ratio--low' : ''}`} role={low ? 'alert' : undefined}>
          {t(low ? 'wl.contrastLow' : 'wl.contrast', { ratio: ratio.toFixed(2) })}
        </p>
      ) : null}
    </div>
  );
}

function Languages({ draft, onChange }: { draft: Draft; onChange: (next: Draft) => void }) {
  const t = useAdminWhitelabelT();
  const id = useId();
  return (
    <>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-default`}>{t('wl.field.default')}</label>
        <select id={`${id}-default`} className="form-field__input" value={draft.languages.default} onChange={(event) => onChange(switchDefaultLanguage(draft, event.target.value as Locale))}>
          {LOCALES.map((language) => <option key={language} value={language}>{t(`wl.language.${language}`)}</option>)}
        </select>
      </div>
      <fieldset className="whitelabel-editor__inner">
        <legend className="form-field__label">{t('wl.field.supported')}</legend>
        {LOCALES.map((language) => (
          <label key={language} className="whitelabel-editor__check">
            <input type="checkbox" checked={draft.languages.supported.includes(language)} disabled={language === draft.languages.default} onChange={(event) => onChange(toggleLanguage(draft, language, event.target.checked))} />
            {t(`wl.language.${language}`)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

function LegalTexts({ draft, errors, onChange }: { draft: Draft; errors: FieldMessages; onChange: (next: Draft) => void }) {
  const t = useAdminWhitelabelT();
  const id = useId();
  const area = (key: string, label: string, value: string, set: (text: string) => void, error: string | undefined) => (
    <div key={key} className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={`${id}-${key}`}>{label}</label>
      <textarea id={`${id}-${key}`} className="form-field__input whitelabel-editor__text" rows={3} value={value} onChange={(event) => set(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-${key}-error` : undefined} />
      {error ? <p id={`${id}-${key}-error`} className="form-field__error">{error}</p> : null}
    </div>
  );
  const name = (language: Locale) => t(`wl.language.${language}`);
  const others = draft.languages.supported.filter((language) => language !== draft.languages.default);
  const translated = (language: Locale, field: keyof TranslatedTexts) => draft.configuration.translations[language]?.[field] ?? '';
  return (
    <>
      {area('disclaimer', t('wl.field.disclaimer', { language: name(draft.languages.default) }), draft.configuration.disclaimer, (text) => onChange(writePath(draft, 'configuration.disclaimer', text)), errors['configuration.disclaimer'])}
      {area('regulation', t('wl.field.regulation_html', { language: name(draft.languages.default) }), draft.configuration.regulation_html, (text) => onChange(writePath(draft, 'configuration.regulation_html', text)), errors['configuration.regulation_html'])}
      {others.flatMap((language) => [
        area(`disclaimer-${language}`, t('wl.field.disclaimer', { language: name(language) }), translated(language, 'disclaimer'), (text) => onChange(writeTranslation(draft, language, 'disclaimer', text)), errors[`configuration.translations.${language}.disclaimer`]),
        area(`regulation-${language}`, t('wl.field.regulation_html', { language: name(language) }), translated(language, 'regulation_html'), (text) => onChange(writeTranslation(draft, language, 'regulation_html', text)), errors[`configuration.translations.${language}.regulation_html`]),
      ])}
    </>
  );
}
