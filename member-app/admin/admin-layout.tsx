// The operator console's frame, with a look of its own (dark side nav, no member branding beyond the
// provider's label) so nobody mistakes it for the member app: the side nav lists only the areas the
// operator's role may use (core/operators/areas.ts), the header names the operator and role and signs
// out, and a notice warns two minutes before the 30-minute idle expiry and says when the session ended.
// AdminPage wraps every console page but /login: it loads the operator, refuses an area the role may
// not use, and hands the page the operator.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { operatorMe, operatorSignOut, type OperatorMe } from '#core/contract/admin-session.ts';
import { AREA_PATH, AREA_ROLES, areasFor, type ConsoleArea } from '#core/operators/areas.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { MAIN_ID, SkipLink } from '#ui/components/skip-link.tsx';
import { TestModeBadge } from '#ui/components/test-mode-badge.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { useAdminConsoleT } from '../i18n/use-admin-console-t.ts';
import { adminApi, useConsoleActivity } from './admin-api.ts';
import { useOperator } from './admin-session.tsx';

/** Warn this long before the idle expiry. */
const WARN_BEFORE_MS = 2 * 60 * 1000;
/** The server writes last_seen_at at most once a minute, so it may count from up to a minute earlier than we do. */
const SERVER_SLACK_MS = 60 * 1000;

export interface AdminPageProps {
  /** The area the page belongs to; 'overview' for the first page, which every role has. */
  area: ConsoleArea | 'overview';
  title: string;
  children: (me: OperatorMe) => ReactNode;
}

export function AdminPage({ area, title, children }: AdminPageProps) {
  const t = useAdminConsoleT();
  useDocumentTitle(`${title} · ${t('console.name')}`);
  const operator = useOperator();
  if (operator.status === 'loading') return <LoadingState />;
  if (operator.status === 'failed') {
    return (
      <main id={MAIN_ID} className="admin-standalone" tabIndex={-1}>
        <p className="form-alert form-alert--error" role="alert">{t('console.loadFailed')}</p>
      </main>
    );
  }
  const { me } = operator;
  const allowed = area === 'overview' || AREA_ROLES[area].includes(me.role);
  return (
    <AdminLayout me={me} current={area}>
      {allowed ? (
        children(me)
      ) : (
        <section className="admin-card admin-card--notice" aria-labelledby="admin-forbidden">
          <h1 id="admin-forbidden" className="admin-title">{t('console.forbidden.title')}</h1>
          <p>{t('console.forbidden.body', { role: t(`role.${me.role}`) })}</p>
          <Link href="/">{t('console.backToOverview')}</Link>
        </section>
      )}
    </AdminLayout>
  );
}

export function AdminLayout({ me, current, children }: { me: OperatorMe; current: ConsoleArea | 'overview'; children: ReactNode }) {
  const t = useAdminConsoleT();
  const whitelabel = useWhiteLabel();
  const navId = useId();
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  // On small screens the nav is a drawer: a link in it closes it.
  useEffect(() => setOpen(false), [location]);

  const signOut = async () => {
    setSigningOut(true);
    await adminApi().call(operatorSignOut, {});
    navigate('/login', { replace: true });
  };

  const entries: { key: ConsoleArea | 'overview'; href: string }[] = [{ key: 'overview', href: '/' }, ...areasFor(me.role).map((area) => ({ key: area, href: AREA_PATH[area] }))];
  return (
    <div className="admin">
      <SkipLink />
      <header className="admin-header">
        <button type="button" className="admin-header__toggle" aria-expanded={open} aria-controls={navId} onClick={() => setOpen((value) => !value)}>
          <span className="admin-burger" aria-hidden="true" />
          <span className="visually-hidden">{open ? t('console.closeMenu') : t('console.openMenu')}</span>
        </button>
        <p className="admin-header__brand">
          <span className="admin-header__provider">{whitelabel?.configuration.label_name ?? me.provider_name}</span>
          <span className="admin-header__console">{t('console.name')}</span>
        </p>
        <div className="admin-header__end">
          <TestModeBadge />
          <p className="admin-header__operator">
            <span className="admin-header__name">{me.name}</span>
            <span className={`admin-role admin-role--${me.role}`}>{t(`role.${me.role}`)}</span>
          </p>
          <button type="button" className="button button--secondary admin-header__signout" onClick={() => void signOut()} disabled={signingOut} aria-busy={signingOut}>
            {signingOut ? t('console.signingOut') : t('console.signOut')}
          </button>
        </div>
      </header>
      <aside id={navId} className={`admin-nav${open ? ' admin-nav--open' : ''}`}>
        <nav aria-label={t('console.nav')}>
          <ul className="admin-nav__list">
            {entries.map((entry) => (
              <li key={entry.key}>
                <Link href={entry.href} className="admin-nav__link" aria-current={entry.key === current ? 'page' : undefined}>
                  {t(`area.${entry.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main id={MAIN_ID} className="admin-main" tabIndex={-1}>
        <IdleNotice idleTimeoutS={me.idle_timeout_s} />
        {children}
      </main>
    </div>
  );
}

/** Two minutes before the server would end an idle session, say so and offer to stay; after, say it ended. */
function IdleNotice({ idleTimeoutS }: { idleTimeoutS: number }) {
  const t = useAdminConsoleT();
  const { lastCallAt, ended } = useConsoleActivity();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const remaining = idleTimeoutS * 1000 - SERVER_SLACK_MS - (now - lastCallAt);
  if (ended || remaining <= 0) {
    return (
      <div className="admin-idle admin-idle--ended" role="alert">
        <p>{t('idle.ended')}</p>
        <Link href="/login" className="button button--primary">{t('idle.signInAgain')}</Link>
      </div>
    );
  }
  if (remaining > WARN_BEFORE_MS) return null;
  return (
    <div className="admin-idle" role="status">
      <p>{t('idle.soon', { minutes: Math.max(1, Math.ceil(remaining / 60_000)) })}</p>
      <button type="button" className="button button--secondary" onClick={() => void adminApi().call(operatorMe, {}).then(() => setNow(Date.now()))}>
        {t('idle.stay')}
      </button>
    </div>
  );
}
