// /profile: #security (change password, login codes on or off, this session's start and last activity),
// #limits (the verification level and what is left), #statements, and for merchants #widgetSettings and #developers, each section in its own component.
import { useEffect, useState } from 'react';
import { changeOTP } from '#core/contract/profile.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { memberApi } from '#ui/session/member-api.ts';
import { loadCurrentUser } from '#ui/session/session-actions.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { ChangePasswordForm } from '../../identity/change-password-form.tsx';
import { CodeEntry } from '../../identity/code-entry.tsx';
import { errorText } from '../../identity/error-text.ts';
import { FormAlert } from '../../identity/form-field.tsx';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { StatementsSection } from '../../wallets/statements-section.tsx';
import { WidgetSettingsSection } from '../../widget-settings/widget-settings-section.tsx';
import { DevelopersSection } from '../developers/developers-section.tsx';
import { LimitsSection } from '../../limits/limits-section.tsx';

export default function ProfilePage() {
  return <MemberFrame>{(user) => <Profile user={user} />}</MemberFrame>;
}

function Profile({ user }: { user: UserInfo }) {
  const t = useIdentityT();
  useDocumentTitle(t('profile.title'));
  useEffect(() => {
    if (location.hash === '#security') document.getElementById('security')?.scrollIntoView();
  }, []);
  return (
    <div className="member-page">
      <h1 className="member-page__title">{t('profile.title')}</h1>
      <section id="security" className="profile-section" aria-labelledby="security-title">
        <h2 id="security-title" className="profile-section__title">{t('profile.security')}</h2>
        <div className="profile-grid">
          <PasswordPanel />
          <LoginCodesPanel user={user} />
          <SessionPanel user={user} />
        </div>
      </section>
      <LimitsSection />
      <StatementsSection />
      <WidgetSettingsSection user={user} />
      <DevelopersSection user={user} />
    </div>
  );
}

function PasswordPanel() {
  const t = useIdentityT();
  return (
    <div className="panel">
      <h3 className="panel__title">{t('profile.passwordTitle')}</h3>
      <p className="panel__lead">{t('profile.passwordLead')}</p>
      <ChangePasswordForm onChanged={async () => null} successMessage={t('profile.passwordChanged')} />
    </div>
  );
}

function LoginCodesPanel({ user }: { user: UserInfo }) {
  const t = useIdentityT();
  const locale = useBootStore((state) => state.locale);
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const on = user.OTPLogin === 1;

  const change = async (OTPLogin: 0 | 1, code?: string) => {
    const api = memberApi();
    const result = await api.call(changeOTP, { body: code ? { OTPLogin, code } : { OTPLogin } });
    if (!result.ok) return result.error;
    await loadCurrentUser(api);
    setConfirming(false);
    setSaved(t('profile.codesSaved', { state: OTPLogin === 1 ? t('profile.codesStateOn') : t('profile.codesStateOff') }));
    return null;
  };

  return (
    <div className="panel">
      <h3 className="panel__title">{t('profile.codesTitle')}</h3>
      <p className="panel__lead">{on ? t('profile.codesOn', { email: user.email }) : t('profile.codesOff', { email: user.email })}</p>
      <FormAlert message={alert} />
      <FormAlert tone="success" message={saved} />
      {confirming ? (
        <>
          <p>{t('profile.codesConfirm', { email: user.email })}</p>
          <CodeEntry purpose="otp_settings" label={t('field.code')} submitLabel={t('profile.codesTurnOn')} check={(code) => change(1, code)} onVerified={() => undefined} />
          <button type="button" className="button button--link" onClick={() => setConfirming(false)}>{t('profile.cancel')}</button>
        </>
      ) : (
        <button
          type="button"
          className={`button ${on ? 'button--secondary' : 'button--primary'}`}
          onClick={() => {
            setSaved(null);
            setAlert(null);
            if (on) void change(0).then((failure) => setAlert(failure ? errorText(failure, locale) : null));
            else setConfirming(true);
          }}
        >
          {on ? t('profile.codesTurnOff') : t('profile.codesTurnOn')}
        </button>
      )}
    </div>
  );
}

function SessionPanel({ user }: { user: UserInfo }) {
  const t = useIdentityT();
  const locale = useBootStore((state) => state.locale);
  const format = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <div className="panel">
      <h3 className="panel__title">{t('profile.sessionTitle')}</h3>
      <p className="panel__lead">{t('profile.sessionLead')}</p>
      <dl className="facts">
        <div>
          <dt>{t('profile.sessionStarted')}</dt>
          <dd>{format(user.session.started_at)}</dd>
        </div>
        <div>
          <dt>{t('profile.sessionLastActivity')}</dt>
          <dd>{format(user.session.last_seen_at)}</dd>
        </div>
      </dl>
      <p className="panel__note">{t('profile.sessionExpires')}</p>
    </div>
  );
}
