// The Ledger tab: runs the ledger check (the same function as npm run ledger:check) over the
// provider's accounts on request, and shows its verdict, what it counted, the totals per asset with
// their difference (zero when balanced), and each problem it found.
import { useState } from 'react';
import { adminLedgerCheck, type LedgerReport } from '#core/contract/admin-money.ts';
import type { Asset } from '#core/assets.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { adminApi } from '../admin-api.ts';
import { useAdminMoneyT } from '../../i18n/use-admin-money-t.ts';
import { useShowAmount } from '../../trade/form-kit/show-amount.ts';
import { moneyErrorText } from './money-error-text.ts';

const isZero = (decimal: string) => /^-?0(\.0+)?$/.test(decimal);

export function LedgerTab() {
  const t = useAdminMoneyT();
  const locale = useBootStore((s) => s.locale);
  const show = useShowAmount();
  const [report, setReport] = useState<LedgerReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });

  const run = async () => {
    setBusy(true);
    setError(null);
    const result = await adminApi().call(adminLedgerCheck, {});
    setBusy(false);
    if (!result.ok) {
      setError(moneyErrorText(result.error, locale));
      return;
    }
    setReport(result.data);
  };

  return (
    <section aria-labelledby="ledger-title" className="money-section">
      <h2 id="ledger-title" className="profile-section__title">{t('ledger.title')}</h2>
      <p className="panel__note">{t('ledger.lead')}</p>
      <div>
        <button type="button" className="button button--primary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
          {busy ? t('ledger.running') : t('ledger.run')}
        </button>
      </div>
      {error ? <p className="form-alert form-alert--error" role="alert">{error}</p> : null}
      <div aria-live="polite">
        {report ? (
          <div className="money-ledger" data-testid="ledger-report">
            <div className={`form-alert form-alert--${report.ok ? 'success' : 'error'}`}>
              <h3 className="money-ledger__verdict">{report.ok ? t('ledger.okTitle') : t('ledger.badTitle', { count: report.violations.length })}</h3>
              <p>{t('ledger.counts', { accounts: report.accounts, transfers: report.transfers, time: time.format(new Date(report.checked_at)) })}</p>
            </div>
            <div className="settlements-table-wrap">
              <table className="settlements-table money-table">
                <caption className="visually-hidden">{t('ledger.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('ledger.asset')}</th>
                    <th scope="col" className="num">{t('ledger.debitsPosted')}</th>
                    <th scope="col" className="num">{t('ledger.creditsPosted')}</th>
                    <th scope="col" className="num">{t('ledger.pending')}</th>
                    <th scope="col" className="num">{t('ledger.difference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.assets.map((row) => {
                    const asset = row.asset as Asset;
                    const balanced = isZero(row.difference_posted) && isZero(row.difference_pending);
                    return (
                      <tr key={row.asset} data-testid="ledger-asset">
                        <td data-label={t('ledger.asset')} className="money-table__key">{row.asset}</td>
                        <td data-label={t('ledger.debitsPosted')} className="num">{show(row.debits_posted, asset)}</td>
                        <td data-label={t('ledger.creditsPosted')} className="num">{show(row.credits_posted, asset)}</td>
                        <td data-label={t('ledger.pending')} className="num">{show(row.debits_pending, asset)}</td>
                        <td data-label={t('ledger.difference')} className="num">
                          {balanced ? (
                            <span className="tx-status tx-status--success">{t('ledger.balanced')}</span>
                          ) : (
                            <span className="tx-status tx-status--danger">
                              {show(row.difference_posted, asset)} / {show(row.difference_pending, asset)}
                            </span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {report.violations.length > 0 ? (
              <>
                <h3 className="panel__title">{t('ledger.violations')}</h3>
                <ul className="money-ledger__violations">
                  {report.violations.map((line) => <li key={line} className="mono">{line}</li>)}
                </ul>
              </>
            ) : null}
          </div>
        ) : (
          <p className="panel__note">{t('ledger.notRun')}</p>
        )}
      </div>
    </section>
  );
}
