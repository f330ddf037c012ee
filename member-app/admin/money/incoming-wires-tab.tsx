// The Incoming wires tab: guest checkouts' wires still awaited (the window ending soonest first), and
// the form an operator fills from the bank statement: reference, amount received, currency. The server
// matches only when the reference's check character, the amount and the currency agree with the order
// (a typo or a wrong amount is refused and nothing moves); then the buyer's coins are sent. The form is
// never pre-filled from the list: what is typed must come from the statement, or the check means nothing.
import { useState, type FormEvent } from 'react';
import { adminIncomingWires, adminMatchIncomingWire } from '#core/contract/admin-checkout-wires.ts';
import { FIAT } from '#core/assets.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { FormField, FormSelect } from '../../identity/form-field.tsx';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import { pageInfo } from '../../lists/page-info.ts';
import { Pager } from '../../lists/pager.tsx';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { ListStates } from './list-states.tsx';
import { moneyErrorText } from './money-error-text.ts';

const PER_PAGE = 20;

export function IncomingWiresTab() {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const list = useApiData(adminIncomingWires, { query: { page: String(page), per_page: String(PER_PAGE) } }, adminApi);
  const info = list.data ? pageInfo(page, PER_PAGE, list.data.total) : null;
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section aria-labelledby="incoming-title" className="money-section">
      <h2 id="incoming-title" className="profile-section__title">{t('incoming.title')}</h2>
      <p className="panel__note">{t('incoming.lead')}</p>
      <MatchForm onMatched={(message) => { setDone(message); list.reload(); }} onStart={() => setDone(null)} />
      {done ? <p className="form-alert form-alert--success" role="status">{done}</p> : null}
      <h3 className="panel__title">{t('incoming.listTitle')}</h3>
      <ListStates {...list} isEmpty={(data) => data.wires.length === 0} empty={{ title: t('incoming.emptyTitle'), body: t('incoming.emptyBody') }}>
        {(data) => (
          <div className="settlements-table-wrap">
            <table className="settlements-table money-table">
              <caption className="visually-hidden">{t('incoming.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('incoming.buyer')}</th>
                  <th scope="col">{t('wires.reference')}</th>
                  <th scope="col">{t('incoming.method')}</th>
                  <th scope="col" className="num">{t('wires.expected')}</th>
                  <th scope="col">{t('incoming.windowEnds')}</th>
                </tr>
              </thead>
              <tbody>
                {data.wires.map((wire) => (
                  <tr key={wire.payment_id} data-testid="incoming-wire-row">
                    <td data-label={t('incoming.buyer')}>
                      {wire.buyer.name}
                      <span className="settlements-table__sub">{wire.buyer.email}</span>
                    </td>
                    <td data-label={t('wires.reference')} className="mono">{wire.reference}</td>
                    <td data-label={t('incoming.method')}>{wire.payment_method}</td>
                    <td data-label={t('wires.expected')} className="num">{show(wire.amount, wire.currency)}</td>
                    <td data-label={t('incoming.windowEnds')}>
                      <time dateTime={wire.window_ends_at}>{dateTime.format(new Date(wire.window_ends_at))}</time>
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
    </section>
  );
}

function MatchForm({ onMatched, onStart }: { onMatched: (message: string) => void; onStart: () => void }) {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('EUR');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onStart();
    setBusy(true);
    setError(null);
    const result = await adminApi().call(adminMatchIncomingWire, { body: { reference: reference.trim(), amount: amount.trim(), currency: currency as (typeof FIAT)[number] } });
    setBusy(false);
    if (!result.ok) {
      setError(moneyErrorText(result.error, locale));
      return;
    }
    setReference('');
    setAmount('');
    const { data } = result;
    onMatched(t('incoming.matched', { amount: show(data.amount, data.currency), reference: data.reference, coins: `${data.crypto_amount} ${data.crypto_currency}` }));
  };

  return (
    <form className="money-action panel" aria-labelledby="incoming-form-title" onSubmit={(event) => void submit(event)} noValidate>
      <h3 id="incoming-form-title" className="panel__title">{t('incoming.formTitle')}</h3>
      <p className="panel__note">{t('incoming.formLead')}</p>
      {error ? <p className="form-alert form-alert--error" role="alert">{error}</p> : null}
      <div className="money-search">
        <FormField label={t('wires.reference')} hint={t('incoming.referenceHint')} binding={{ name: 'reference', value: reference, error: undefined, onChange: setReference }} autoComplete="off" spellCheck={false} />
        <FormField label={t('incoming.amount')} hint={t('wires.receivedHint')} binding={{ name: 'amount', value: amount, error: undefined, onChange: setAmount }} inputMode="decimal" autoComplete="off" />
        <FormSelect label={t('incoming.currency')} binding={{ name: 'currency', value: currency, error: undefined, onChange: setCurrency }} options={FIAT.map((each) => ({ value: each, label: each }))} placeholder={t('incoming.currency')} />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>{busy ? t('money.working') : t('incoming.match')}</button>
    </form>
  );
}
