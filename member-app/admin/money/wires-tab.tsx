// The Wires tab: the provider's wire deposits still waiting for their money, oldest first, searchable
// by reference. Match credits what arrived (the expected amount unless the operator types another,
// and then the page says the two differ); reject cancels a wire that will not come. Each action asks
// first, in a panel under the list, and the list is read again after it.
import { useState, type FormEvent } from 'react';
import { adminMatchWire, adminPendingWires, adminRejectWire, type PendingWire } from '#core/contract/admin-money.ts';
import { parseAmount } from '#core/money.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { FormField } from '../../identity/form-field.tsx';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import type { OperatorRole } from '#core/operators/roles.ts';
import { ActionPanel } from './action-panel.tsx';
import { MemberCell } from './member-cell.tsx';
import { ListStates } from './list-states.tsx';
import { moneyErrorText } from './money-error-text.ts';
import { waitingText, waitingTime } from './waiting-time.ts';

const PER_PAGE = 20;

type Acting = { kind: 'match' | 'reject'; wire: PendingWire } | null;

export function WiresTab({ role }: { role: OperatorRole }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<Acting>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useApiData(adminPendingWires, { query: { ...(query ? { reference: query } : {}), page: String(page), per_page: String(PER_PAGE) } }, adminApi);
  const now = new Date();
  const info = list.data ? pageInfo(page, PER_PAGE, list.data.total) : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
    setPage(1);
  };
  const finished = (message: string) => {
    setActing(null);
    setDone(message);
    list.reload();
  };

  return (
    <section aria-labelledby="wires-title" className="money-section">
      <h2 id="wires-title" className="profile-section__title">{t('wires.title')}</h2>
      <p className="panel__note">{t('wires.lead')}</p>
      <form className="money-search" role="search" onSubmit={search}>
        <FormField label={t('wires.search')} hint={t('wires.searchHint')} binding={{ name: 'reference', value: typed, error: undefined, onChange: setTyped }} autoComplete="off" spellCheck={false} />
        <button type="submit" className="button button--primary">{t('wires.searchButton')}</button>
        {query ? (
          <button type="button" className="button button--link" onClick={() => { setTyped(''); setQuery(''); setPage(1); }}>{t('wires.clear')}</button>
        ) : null}
      </form>
      {done ? <p className="form-alert form-alert--success" role="status">{done}</p> : null}
      <ListStates
        {...list}
        isEmpty={(data) => data.wires.length === 0}
        empty={query ? { title: t('wires.emptyTitle'), body: t('wires.emptySearch', { query }) } : { title: t('wires.emptyTitle'), body: t('wires.emptyBody') }}
      >
        {(data) => (
          <div className="settlements-table-wrap">
            <table className="settlements-table money-table">
              <caption className="visually-hidden">{t('wires.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('money.member')}</th>
                  <th scope="col">{t('wires.reference')}</th>
                  <th scope="col" className="num">{t('wires.expected')}</th>
                  <th scope="col">{t('wires.age')}</th>
                  <th scope="col">{t('money.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.wires.map((wire) => (
                  <tr key={wire.transaction_id} data-testid="wire-row">
                    <td data-label={t('money.member')}>
                      <MemberCell member={wire.member} role={role} />
                    </td>
                    <td data-label={t('wires.reference')} className="mono">{wire.reference}</td>
                    <td data-label={t('wires.expected')} className="num">{show(wire.expected_amount, wire.currency)}</td>
                    <td data-label={t('wires.age')}>
                      <time dateTime={wire.created_at}>{waitingText(waitingTime(new Date(wire.created_at), now), locale)}</time>
                    </td>
                    <td data-label={t('money.actions')}>
                      <span className="money-actions">
                        <button type="button" className="button button--primary money-actions__button" onClick={() => { setDone(null); setActing({ kind: 'match', wire }); }} aria-label={`${t('wires.match')} ${wire.reference}`}>
                          {t('wires.match')}
                        </button>
                        <button type="button" className="button button--secondary money-actions__button" onClick={() => { setDone(null); setActing({ kind: 'reject', wire }); }} aria-label={`${t('wires.reject')} ${wire.reference}`}>
                          {t('wires.reject')}
                        </button>
                      </span>
                    </td>
                  </tr>
                ))}
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
      {acting?.kind === 'match' ? <MatchPanel key={acting.wire.transaction_id} wire={acting.wire} onDone={finished} onCancel={() => setActing(null)} /> : null}
      {acting?.kind === 'reject' ? <RejectPanel key={acting.wire.transaction_id} wire={acting.wire} onDone={finished} onCancel={() => setActing(null)} /> : null}
    </section>
  );
}

function MatchPanel({ wire, onDone, onCancel }: { wire: PendingWire; onDone: (message: string) => void; onCancel: () => void }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [amount, setAmount] = useState(wire.expected_amount);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = parseAmount(amount.trim(), wire.currency);
  const valid = parsed.ok && parsed.minor > 0n;
  const differs = valid && parsed.decimal !== wire.expected_amount;
  const expected = show(wire.expected_amount, wire.currency);

  const confirm = async () => {
    if (!valid) {
      setError(t('wires.amountInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    const result = await adminApi().call(adminMatchWire, { body: { reference: wire.reference, amount: parsed.decimal } });
    setBusy(false);
    if (!result.ok) {
      setError(moneyErrorText(result.error, locale));
      return;
    }
    const credited = show(result.data.credited_amount, wire.currency);
    onDone(result.data.differs
      ? t('wires.matchedDiffers', { amount: credited, member: wire.member.name, reference: wire.reference, expected })
      : t('wires.matched', { amount: credited, member: wire.member.name, reference: wire.reference }));
  };

  return (
    <ActionPanel
      id="wire-match"
      title={t('wires.matchTitle', { reference: wire.reference })}
      lead={t('wires.matchLead', { member: wire.member.name, expected })}
      confirm={t('wires.confirmMatch', { amount: valid ? show(parsed.decimal, wire.currency) : expected })}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <FormField
        label={t('wires.received', { currency: wire.currency })}
        hint={t('wires.receivedHint')}
        binding={{ name: 'amount', value: amount, error: amount.trim() !== '' && !valid ? t('wires.amountInvalid') : undefined, onChange: setAmount }}
        inputMode="decimal"
        autoComplete="off"
      />
      {differs ? <p className="money-note" role="status">{t('wires.differs', { expected })}</p> : null}
    </ActionPanel>
  );
}

function RejectPanel({ wire, onDone, onCancel }: { wire: PendingWire; onDone: (message: string) => void; onCancel: () => void }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await adminApi().call(adminRejectWire, { body: { reference: wire.reference } });
    setBusy(false);
    if (!result.ok) {
      setError(moneyErrorText(result.error, locale));
      return;
    }
    onDone(t('wires.rejected', { reference: wire.reference }));
  };
  return (
    <ActionPanel
      id="wire-reject"
      title={t('wires.rejectTitle', { reference: wire.reference })}
      lead={t('wires.rejectLead')}
      confirm={t('wires.confirmReject')}
      danger
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}
