// /sys-admin/merchants/:id: one merchant: owner, fee, settlement, payments, its keys (prefixes and
// states only: a secret is shown once, at onboarding, and never again) and its merchant API limit.
import { useCallback, useEffect, useState } from 'react';
import { getAdminMerchant, type MerchantDetail } from '#core/contract/admin-merchants.ts';
import { bpsAsPercent } from '#core/payments/merchant-fee.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { adminApi } from '../admin-api.ts';
import { useDateTime } from '../../pages/developers/use-date-time.ts';
import { useAdminMerchantsT } from '../../i18n/use-admin-merchants-t.ts';
import { RateLimitPanel } from './rate-limit-panel.tsx';

type State = { phase: 'loading' } | { phase: 'missing' } | { phase: 'failed' } | { phase: 'ready'; merchant: MerchantDetail };

export function MerchantScreen({ merchantId, canEdit }: { merchantId: string; canEdit: boolean }) {
  const t = useAdminMerchantsT();
  const [state, setState] = useState<State>({ phase: 'loading' });
  useDocumentTitle(state.phase === 'ready' ? state.merchant.name : t('merchants.title'));
  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    const answer = await adminApi().call(getAdminMerchant, { params: { merchant_id: merchantId } });
    if (answer.ok) setState({ phase: 'ready', merchant: answer.data });
    else setState(answer.error.code === 'merchant_not_recognized' || answer.error.code === 'validation_failed' ? { phase: 'missing' } : { phase: 'failed' });
  }, [merchantId]);
  useEffect(() => void load(), [load]);
  return (
    <div className="admin-page admin-merchants">
      <Link href="/merchants">{t('detail.back')}</Link>
      {state.phase === 'loading' ? <p role="status">{t('detail.loading')}</p> : null}
      {state.phase === 'missing' ? <p className="empty-state" role="alert">{t('detail.notFound')}</p> : null}
      {state.phase === 'failed' ? (
        <p className="empty-state empty-state--error" role="alert">
          {t('merchants.loadError')} <button type="button" className="button button--link" onClick={() => void load()}>{t('merchants.retry')}</button>
        </p>
      ) : null}
      {state.phase === 'ready' ? <Detail merchant={state.merchant} canEdit={canEdit} onChanged={(merchant) => setState({ phase: 'ready', merchant })} /> : null}
    </div>
  );
}

function Detail({ merchant, canEdit, onChanged }: { merchant: MerchantDetail; canEdit: boolean; onChanged: (merchant: MerchantDetail) => void }) {
  const t = useAdminMerchantsT();
  const when = useDateTime();
  const fee = `${bpsAsPercent(merchant.effective_fee_bps)} %`;
  return (
    <>
      <h1 className="admin-title">{merchant.name}</h1>
      <p className="admin-lead"><code>{merchant.merchant_id}</code></p>
      <div className="admin-merchants__facts">
        <section className="panel" aria-labelledby="merchant-owner">
          <h2 id="merchant-owner" className="panel__title">{t('detail.contact')}</h2>
          <dl className="facts">
            <div><dt>{t('detail.name')}</dt><dd>{merchant.first_name} {merchant.last_name}</dd></div>
            <div><dt>{t('merchants.col.email')}</dt><dd>{merchant.email}</dd></div>
            <div><dt>{t('merchants.mobile')}</dt><dd>{merchant.mobile ?? '—'}</dd></div>
            <div><dt>{t('detail.clientId')}</dt><dd>{merchant.client_id}</dd></div>
            <div><dt>{t('merchants.col.created')}</dt><dd>{when(merchant.created_at)}</dd></div>
          </dl>
        </section>
        <section className="panel" aria-labelledby="merchant-settlement">
          <h2 id="merchant-settlement" className="panel__title">{t('detail.settlement')}</h2>
          <dl className="facts">
            <div><dt>{t('merchants.col.fee')}</dt><dd data-testid="merchant-fee">{merchant.fee_bps === null ? t('merchants.feeDefault', { fee }) : fee}</dd></div>
            <div><dt>{t('merchants.policy')}</dt><dd>{t(`merchants.policy.${merchant.policy}`)} · {merchant.fiat_currency}</dd></div>
            <div><dt>{t('merchants.schedule')}</dt><dd>{t(`merchants.schedule.${merchant.schedule}`)}</dd></div>
            <div><dt>{t('detail.payments')}</dt><dd>{t('detail.paymentsLine', { all: merchant.payments, settled: merchant.settled_payments })}</dd></div>
          </dl>
        </section>
      </div>
      <RateLimitPanel merchant={merchant} canEdit={canEdit} onChanged={onChanged} />
      <section className="panel" aria-labelledby="merchant-recent">
        <h2 id="merchant-recent" className="panel__title">{t('detail.recent')}</h2>
        <p className="panel__note">{t('detail.recentLead')}</p>
        {merchant.recent_payments.length === 0 ? <p className="empty-state">{t('detail.recentNone')}</p> : (
          <div className="admin-merchants__table-wrap">
            <table className="data-table" data-testid="recent-payments">
              <thead>
                <tr>
                  <th scope="col">{t('detail.col.payment')}</th>
                  <th scope="col">{t('detail.col.status')}</th>
                  <th scope="col" className="data-table__num">{t('detail.col.amount')}</th>
                  <th scope="col" className="data-table__num">{t('detail.col.fee')}</th>
                  <th scope="col">{t('detail.key.created')}</th>
                </tr>
              </thead>
              <tbody>
                {merchant.recent_payments.map((payment) => (
                  <tr key={payment.transaction_token}>
                    <td><code>{payment.transaction_token}</code></td>
                    <td>{t(`detail.status.${payment.status}`)}</td>
                    <td className="data-table__num">{payment.fiat_amount} {payment.fiat_currency}</td>
                    <td className="data-table__num">{bpsAsPercent(payment.fee_bps)} %</td>
                    <td>{when(payment.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="panel" aria-labelledby="merchant-keys">
        <h2 id="merchant-keys" className="panel__title">{t('detail.keys')}</h2>
        {merchant.keys.length === 0 ? <p className="empty-state">{t('detail.keysNone')}</p> : (
          <div className="admin-merchants__table-wrap">
            <table className="data-table" data-testid="merchant-keys">
              <thead>
                <tr>
                  <th scope="col">{t('detail.key.prefix')}</th>
                  <th scope="col">{t('detail.key.label')}</th>
                  <th scope="col">{t('detail.key.state')}</th>
                  <th scope="col">{t('detail.key.created')}</th>
                  <th scope="col">{t('detail.key.lastUsed')}</th>
                </tr>
              </thead>
              <tbody>
                {merchant.keys.map((key) => (
                  <tr key={key.id}>
                    <td><code>{key.prefix}</code></td>
                    <td>{key.label}</td>
                    <td>{t(`detail.key.state.${key.state}`)}</td>
                    <td>{when(key.created_at)}</td>
                    <td>{key.last_used_at ? when(key.last_used_at) : t('detail.key.never')}</td>
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
