// The Withdrawals tab: withdrawals held for approval (maker-checker). Each row says what leaves, to
// where, what it was worth in EUR, and whose approval it still needs. The first operator approves
// (maker); a different one confirms (checker), which releases it to be sent; the maker is offered no
// second approval (the server refuses it too). Rejecting asks for the reason the member is mailed.
// Above the list, the provider's threshold, which an admin may change.
import { useState } from 'react';
import { adminApproveWithdrawal, adminHeldWithdrawals, adminRejectWithdrawal, type HeldWithdrawal } from '#core/contract/admin-money.ts';
import type { OperatorRole } from '#core/operators/roles.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { FormField } from '../../identity/form-field.tsx';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { ActionPanel } from './action-panel.tsx';
import { ListStates } from './list-states.tsx';
import { MemberCell } from './member-cell.tsx';
import { moneyErrorText } from './money-error-text.ts';
import { ThresholdForm } from './threshold-form.tsx';

const PER_PAGE = 20;

type Acting = { kind: 'approve' | 'reject'; held: HeldWithdrawal } | null;

export function WithdrawalsTab({ role }: { role: OperatorRole }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<Acting>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useApiData(adminHeldWithdrawals, { query: { page: String(page), per_page: String(PER_PAGE) } }, adminApi);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const info = list.data ? pageInfo(page, PER_PAGE, list.data.total) : null;
  const finished = (message: string) => {
    setActing(null);
    setDone(message);
    list.reload();
  };
  const amountOf = (held: HeldWithdrawal) => show(held.transaction.amount, held.transaction.currency_iso);

  return (
    <section aria-labelledby="wd-title" className="money-section">
      <h2 id="wd-title" className="profile-section__title">{t('wd.title')}</h2>
      {list.data ? <p className="panel__note">{t('wd.lead', { threshold: show(list.data.threshold_eur, 'EUR') })}</p> : null}
      <ThresholdForm role={role} onSaved={list.reload} />
      {done ? <p className="form-alert form-alert--success" role="status">{done}</p> : null}
      <ListStates {...list} isEmpty={(data) => data.withdrawals.length === 0} empty={{ title: t('wd.emptyTitle'), body: t('wd.emptyBody') }}>
        {(data) => (
          <div className="settlements-table-wrap">
            <table className="settlements-table money-table">
              <caption className="visually-hidden">{t('wd.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('money.member')}</th>
                  <th scope="col" className="num">{t('money.amount')}</th>
                  <th scope="col">{t('wd.destination')}</th>
                  <th scope="col">{t('wd.step')}</th>
                  <th scope="col">{t('money.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.withdrawals.map((held) => {
                  const mine = held.first_approval?.by_you === true;
                  return (
                    <tr key={held.transaction.id} data-testid="held-row">
                      <td data-label={t('money.member')}>
                        <MemberCell member={held.member} role={role} />
                      </td>
                      <td data-label={t('money.amount')} className="num">
                        {amountOf(held)}
                        <span className="settlements-table__sub">{t('wd.fee', { fee: show(held.transaction.fee, held.transaction.fee_currency) })}</span>
                        <span className="settlements-table__sub" data-testid="held-value">
                          {held.value_eur === null ? t('wd.valueUnknown') : t('wd.worth', { value: show(held.value_eur, 'EUR') })}
                        </span>
                      </td>
                      <td data-label={t('wd.destination')} className="mono money-table__nowrap">{held.transaction.counterparty ?? '—'}</td>
                      <td data-label={t('wd.step')} className="money-table__step">
                        <span className={`tx-status ${held.step === 'awaiting_first' ? 'tx-status--pending' : 'tx-status--neutral'}`} data-testid="held-step">
                          {held.first_approval === null ? t('wd.stepFirst') : mine ? t('wd.stepSecondYou') : t('wd.stepSecond', { operator: held.first_approval.operator })}
                        </span>
                        <span className="settlements-table__sub">
                          {t('wd.heldAt')} <time dateTime={held.held_at}>{date.format(new Date(held.held_at))}</time>
                        </span>
                      </td>
                      <td data-label={t('money.actions')}>
                        <span className="money-actions">
                          {mine ? null : (
                            <button type="button" className="button button--primary money-actions__button" onClick={() => { setDone(null); setActing({ kind: 'approve', held }); }} aria-label={`${held.step === 'awaiting_first' ? t('wd.approve') : t('wd.confirm')}: ${amountOf(held)}, ${held.member.name}`}>
                              {held.step === 'awaiting_first' ? t('wd.approve') : t('wd.confirm')}
                            </button>
                          )}
                          <button type="button" className="button button--secondary money-actions__button" onClick={() => { setDone(null); setActing({ kind: 'reject', held }); }} aria-label={`${t('wd.reject')}: ${amountOf(held)}, ${held.member.name}`}>
                            {t('wd.reject')}
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </ListStates>
      {info && info.total > PER_PAGE ? (
        <Pager
          info={info}
          texts={{ label: t('money.pageOf', { page: info.page, pages: info.pages }), previous: t('money.previous'), next: t('money.next'), position: t('money.showing', { first: info.first, last: info.last, total: info.total }) }}
          onPage={setPage}
        />
      ) : null}
      {acting?.kind === 'approve' ? <ApprovePanel key={acting.held.transaction.id} held={acting.held} amount={amountOf(acting.held)} onDone={finished} onCancel={() => setActing(null)} /> : null}
      {acting?.kind === 'reject' ? <RejectPanel key={acting.held.transaction.id} held={acting.held} amount={amountOf(acting.held)} onDone={finished} onCancel={() => setActing(null)} /> : null}
    </section>
  );
}

function ApprovePanel({ held, amount, onDone, onCancel }: { held: HeldWithdrawal; amount: string; onDone: (message: string) => void; onCancel: () => void }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = held.step === 'awaiting_first';
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await adminApi().call(adminApproveWithdrawal, { body: { transaction_id: held.transaction.id } });
    setBusy(false);
    if (!result.ok) {
      setError(moneyErrorText(result.error, locale));
      return;
    }
    onDone(result.data.state === 'approved' ? t('wd.approvedSecond', { amount }) : t('wd.approvedFirst', { amount }));
  };
  return (
    <ActionPanel
      id="wd-approve"
      title={`${first ? t('wd.approve') : t('wd.confirm')}: ${amount}`}
      lead={first ? t('wd.stepFirst') : t('wd.stepSecond', { operator: held.first_approval?.operator ?? '' })}
      confirm={first ? t('wd.approve') : t('wd.confirm')}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}

function RejectPanel({ held, amount, onDone, onCancel }: { held: HeldWithdrawal; amount: string; onDone: (message: string) => void; onCancel: () => void }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const short = reason.trim().length < 5;
  const confirm = async () => {
    setTouched(true);
    if (short) return;
    setBusy(true);
    setError(null);
    const result = await adminApi().call(adminRejectWithdrawal, { body: { transaction_id: held.transaction.id, reason: reason.trim() } });
    setBusy(false);
    if (!result.ok) {
      setError(moneyErrorText(result.error, locale));
      return;
    }
    onDone(t('wd.rejected', { amount }));
  };
  return (
    <ActionPanel
      id="wd-reject"
      title={t('wd.rejectTitle', { amount })}
      lead={t('wd.rejectLead')}
      confirm={t('wd.confirmReject')}
      danger
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <FormField
        label={t('wd.reason')}
        hint={t('wd.reasonHint')}
        binding={{ name: 'reason', value: reason, error: touched && short ? t('wd.reasonShort') : undefined, onChange: setReason }}
        maxLength={500}
        autoComplete="off"
      />
    </ActionPanel>
  );
}
