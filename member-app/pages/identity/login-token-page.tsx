// /login/token?token=...: the page a sign-in link opens. It redeems the token once (POST
// /v1/users/loginWithToken: the server sets the session cookie, as after a password login), then
// goes where a login lands (spec §4: /double-auth when login codes are on, an owed step, else
// /wallets). A used, expired or superseded link is explained in words with a way to ask for a new
// one. No guard: opening a link is an explicit sign-in, even in a browser with another session.
import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { useLocation, useSearch } from 'wouter';
import { loginWithToken, LoginWithTokenInputSchema } from '#core/contract/sessions.ts';
import { ERRORS } from '#core/errors.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { Link } from '#ui/components/link.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useIdentityT } from '../../i18n/use-identity-t.ts';
import { AuthCard, OpenAuthFrame } from '../../identity/auth-frame.tsx';
import { errorText } from '../../identity/error-text.ts';
import { landAfterLogin } from '../../identity/land-after-login.ts';

/** A token that cannot be one (cut short when copied) is told like a used link: nothing to send. */
const LINK_INVALID: ApiError = { code: 'login_link_invalid', message: ERRORS.login_link_invalid.message };

export default function LoginTokenPage() {
  return (
    <OpenAuthFrame>
      <LoginToken />
    </OpenAuthFrame>
  );
}

function LoginToken() {
  const t = useIdentityT();
  const locale = useBootStore((state) => state.locale);
  const whitelabel = useWhiteLabel();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [failure, setFailure] = useState<ApiError | null>(null);
  // The token is single use: React's strict mode runs effects twice, and a second request would
  // find the link used and show an error over a successful sign-in.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const input = v.safeParse(LoginWithTokenInputSchema, { token: new URLSearchParams(search).get('token') ?? '' });
    if (!input.success) {
      setFailure(LINK_INVALID);
      return;
    }
    void (async () => {
      const api = memberApi();
      const result = await api.call(loginWithToken, { body: input.output });
      if (!result.ok) {
        setFailure(result.error);
        return;
      }
      const landed = await landAfterLogin(api, whitelabel?.permissions.registration_new_flow ?? false, navigate);
      if (landed) setFailure(landed);
    })();
  }, []);

  if (!failure) {
    return (
      <AuthCard title={t('loginToken.title')}>
        <LoadingState label={t('loginToken.working')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('loginToken.failedTitle')}>
      <div className="auth-form">
        <p className="form-alert form-alert--error" role="alert">{errorText(failure, locale)}</p>
        {/* The login page's "Email me a sign-in link" sends the new one. */}
        <Link href="/login" className="button button--primary button--block">
          {t('loginToken.again')}
        </Link>
      </div>
    </AuthCard>
  );
}
