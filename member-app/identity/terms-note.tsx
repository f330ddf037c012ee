// "By creating an account you accept the terms of use and the privacy policy", with the
// provider's terms_url and privacy_url as links.
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useIdentityT } from '../i18n/use-identity-t.ts';

export function TermsNote() {
  const t = useIdentityT();
  const c = useWhiteLabel()?.configuration;
  if (!c) return null;
  const [before = '', afterTerms = ''] = t('register.terms', { terms: '\u0000', privacy: '\u0001' }).split('\u0000');
  const [between = '', after = ''] = afterTerms.split('\u0001');
  return (
    <p className="auth-form__note">
      {before}
      <a href={c.terms_url} target="_blank" rel="noopener noreferrer">{t('register.termsLink')}</a>
      {between}
      <a href={c.privacy_url} target="_blank" rel="noopener noreferrer">{t('register.privacyLink')}</a>
      {after}
    </p>
  );
}
