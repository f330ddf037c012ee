// /sys-admin/members/:id (support, compliance, admin): one member in full (GET /v1/admin/members/:id):
// profile, identity check, identity data for the roles that may see it, wallets with ledger balances,
// recent transactions and sessions; block or unblock with a reason, and sign out everywhere (support and
// admin). Every action is audited by the server in the transaction of the change.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'wouter';
import { AREA_ROLES } from '#core/operators/areas.ts';
import { blockMember, getMember, MEMBER_SIGN_OUT_ROLES, signOutMember, unblockMember, type MemberDetail } from '#core/contract/admin-members.ts';
import type { OperatorMe } from '#core/contract/admin-session.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { errorText } from '../../identity/error-text.ts';
import { useAdminMembersT } from '../../i18n/use-admin-members-t.ts';
import { adminApi } from '../admin-api.ts';
import { AdminPage } from '../admin-layout.tsx';
import { MemberStatus } from './member-status.tsx';

export default function AdminMemberPage() {
  const t = useAdminMembersT();
  const { id } = useParams<{ id: string }>();
  return <AdminPage area="members" title={t('members.title')}>{(me) => <Member id={id ?? ''} me={me} />}</AdminPage>;
}

function Member({ id, me }: { id: string; me: OperatorMe }) {
  const t = useAdminMembersT();
  const locale = useBootStore((state) => state.locale);
  const [detail, setDetail] = useState<MemberDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await adminApi().call(getMember, { params: { id } });
    if (result.ok) setDetail(result.data);
    else setFailure(result.error.code === 'member_not_found' || result.error.code === 'validation_failed' ? t('member.notFound') : errorText(result.error, locale));
  }, [id, locale, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : t('member.never'));
  if (failure && !detail) {
    return (
      <>
        <Link href="/members">{t('member.back')}</Link>
        <p className="form-alert form-alert--error" role="alert">{failure}</p>
      </>
    );
  }
  if (!detail) return <LoadingState />;
  const { member } = detail;
  const mayFullSignOut = (MEMBER_SIGN_OUT_ROLES as readonly string[]).includes(me.role);

  return (
    <>
      <p className="admin-back"><Link href="/members">← {t('member.back')}</Link></p>
      <h1 className="admin-title">
        {`${member.first_name} ${member.last_name}`.trim() || member.email} <MemberStatus blocked={member.blocked} />
      </h1>
      <p className="admin-lead">
        <code>{member.account_number}</code> · {member.email}
        {AREA_ROLES.audit.includes(me.role) ? (
          <>
            {' · '}
            <Link href={`/audit?target_type=member&target_id=${member.id}`}>{t('member.history')}</Link>
          </>
        ) : null}
      </p>
      {done ? <p className="form-alert form-alert--success" role="status">{done}</p> : null}
      {failure ? <p className="form-alert form-alert--error" role="alert">{failure}</p> : null}

      <div className="admin-grid">
        <section className="admin-card" aria-labelledby="member-profile">
          <h2 id="member-profile" className="admin-card__title">{t('member.profile')}</h2>
          <dl className="admin-facts">
            <dt>{t('member.email')}</dt>
            <dd>{member.email} <span className="admin-muted">({member.email_verified ? t('member.verified') : t('member.unverified')})</span></dd>
            <dt>{t('member.phone')}</dt>
            <dd>{member.mobile ?? '—'} {member.mobile ? <span className="admin-muted">({member.mobile_verified ? t('member.verified') : t('member.unverified')})</span> : null}</dd>
            <dt>{t('member.role')}</dt>
            <dd>{t(`members.role.${member.role}`)}</dd>
            <dt>{t('member.country')}</dt>
            <dd>{member.country || '—'}</dd>
            <dt>{t('member.language')}</dt>
            <dd>{member.language ?? '—'}</dd>
            <dt>{t('member.currency')}</dt>
            <dd>{member.currency}</dd>
            <dt>{t('member.created')}</dt>
            <dd>{when(member.created_at)}</dd>
            <dt>{t('member.lastLogin')}</dt>
            <dd>{when(member.last_login_at)}</dd>
          </dl>
        </section>

        <section className="admin-card" aria-labelledby="member-kyc">
          <h2 id="member-kyc" className="admin-card__title">{t('member.kyc')}</h2>
          <dl className="admin-facts">
            <dt>{t('member.kycStatus')}</dt>
            <dd>{t(`kyc.${member.compliance_status}`)}</dd>
            <dt>{t('member.level')}</dt>
            <dd data-testid="member-level">{levelName(member.level, t)}</dd>
          </dl>
          {/* The decision itself is the compliance area's page (/compliance/:userId, the same numeric id). */}
          {AREA_ROLES.compliance.includes(me.role) ? <Link href={`/compliance/${member.id}`}>{t('member.openKyc')}</Link> : null}
          <h3 className="admin-card__subtitle">{t('member.identity')}</h3>
          {detail.identity ? (
            <dl className="admin-facts">
              <dt>{t('member.dateOfBirth')}</dt>
              <dd>{detail.identity.date_of_birth || '—'}</dd>
              <dt>{t('member.address')}</dt>
              <dd>{detail.identity.address || '—'}</dd>
            </dl>
          ) : (
            <p className="admin-muted">{t('member.identityHidden')}</p>
          )}
        </section>

        <section className="admin-card" aria-labelledby="member-actions">
          <h2 id="member-actions" className="admin-card__title">{t('member.actions')}</h2>
          {member.blocked && member.blocked_at ? <p>{t('member.blockedSince', { date: when(member.blocked_at) })}</p> : null}
          <BlockForm
            blocked={member.blocked}
            onDone={async (message) => {
              setFailure(null);
              setDone(message);
              await load();
            }}
            onFailure={(message) => {
              setDone(null);
              setFailure(message);
            }}
            id={member.id}
          />
          {mayFullSignOut ? (
            <div className="admin-action">
              <SignOutButton
                id={member.id}
                onDone={async (message) => {
                  setFailure(null);
                  setDone(message);
                  await load();
                }}
                onFailure={setFailure}
              />
              <p className="form-field__hint">{t('member.signOutHint')}</p>
            </div>
          ) : null}
        </section>
      </div>

      <section className="admin-card admin-section" aria-labelledby="member-wallets">
        <h2 id="member-wallets" className="admin-card__title">{t('member.wallets')}</h2>
        {detail.wallets.length === 0 ? (
          <p className="admin-muted">{t('member.walletsEmpty')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('member.col.currency')}</th>
                  <th scope="col" className="admin-num">{t('member.balance')}</th>
                  <th scope="col" className="admin-num">{t('member.available')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.wallets.map((wallet) => (
                  <tr key={wallet.currency}>
                    <td data-label={t('member.col.currency')}>{wallet.currency}</td>
                    <td data-label={t('member.balance')} className="admin-num">{wallet.balance}</td>
                    <td data-label={t('member.available')} className="admin-num">{wallet.available}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="admin-card admin-section" aria-labelledby="member-transactions">
        <h2 id="member-transactions" className="admin-card__title">{t('member.transactions')}</h2>
        {detail.transactions.length === 0 ? (
          <p className="admin-muted">{t('member.transactionsEmpty')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('member.col.date')}</th>
                  <th scope="col">{t('member.col.type')}</th>
                  <th scope="col">{t('member.col.status')}</th>
                  <th scope="col" className="admin-num">{t('member.col.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.transactions.map((row) => (
                  <tr key={row.id}>
                    <td data-label={t('member.col.date')}>{when(row.created_at)}</td>
                    <td data-label={t('member.col.type')}>{row.type}</td>
                    <td data-label={t('member.col.status')}>{row.status}</td>
                    <td data-label={t('member.col.amount')} className="admin-num">{row.amount} {row.currency}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="admin-card admin-section" aria-labelledby="member-sessions">
        <h2 id="member-sessions" className="admin-card__title">{t('member.sessions')}</h2>
        {detail.sessions.length === 0 ? (
          <p className="admin-muted">{t('member.sessionsEmpty')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('member.sessionStarted')}</th>
                  <th scope="col">{t('member.sessionLastSeen')}</th>
                  <th scope="col">{t('member.sessionState')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.sessions.map((session) => (
                  <tr key={session.id}>
                    <td data-label={t('member.sessionStarted')}>{when(session.created_at)}</td>
                    <td data-label={t('member.sessionLastSeen')}>{when(session.last_seen_at)}</td>
                    <td data-label={t('member.sessionState')}>{session.live ? t('member.sessionLive') : t('member.sessionEnded', { reason: session.end_reason ?? 'expired' })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function BlockForm({ id, blocked, onDone, onFailure }: { id: string; blocked: boolean; onDone: (message: string) => Promise<void>; onFailure: (message: string) => void }) {
  const t = useAdminMembersT();
  const locale = useBootStore((state) => state.locale);
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reason.trim().length < 3) {
      setError(t('member.reason'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await adminApi().call(blocked ? unblockMember : blockMember, { params: { id }, body: { reason } });
    setBusy(false);
    if (!result.ok) {
      const fieldMessage = result.error.fields?.reason?.[0];
      if (fieldMessage) setError(fieldMessage);
      else onFailure(errorText(result.error, locale));
      return;
    }
    setReason('');
    await onDone(blocked ? t('member.unblockedDone') : t('member.blockedDone', { count: result.data.sessions_ended }));
  };
  return (
    <form className="admin-action" onSubmit={(event) => void submit(event)} noValidate>
      <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={fieldId}>{t('member.reason')}</label>
        <textarea
          id={fieldId}
          className="form-field__input"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
        {error ? <p id={`${fieldId}-error`} className="form-field__error">{error}</p> : null}
      </div>
      <button type="submit" className={`button ${blocked ? 'button--secondary' : 'button--danger'}`} disabled={busy} aria-busy={busy}>
        {busy ? t('member.working') : blocked ? t('member.unblock') : t('member.block')}
      </button>
    </form>
  );
}

function SignOutButton({ id, onDone, onFailure }: { id: string; onDone: (message: string) => Promise<void>; onFailure: (message: string) => void }) {
  const t = useAdminMembersT();
  const locale = useBootStore((state) => state.locale);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      aria-busy={busy}
      onClick={async () => {
        setBusy(true);
        const result = await adminApi().call(signOutMember, { params: { id } });
        setBusy(false);
        if (result.ok) await onDone(t('member.signedOutDone', { count: result.data.sessions_ended }));
        else onFailure(errorText(result.error, locale));
      }}
    >
      {busy ? t('member.working') : t('member.signOut')}
    </button>
  );
}

/** The default ladder's levels by name; a provider's own level ids are shown as they are. */
function levelName(level: string | null, t: ReturnType<typeof useAdminMembersT>): string {
  if (level === null) return t('level.none');
  return level === 'basic' || level === 'verified' || level === 'enhanced' ? t(`level.${level}`) : level;
}
