// /withdrawal: the withdrawals core/rules/permission-gates.ts withdrawalKinds allows: Crypto with
// send permission, and "Withdraw Fiat" where spec §6 allows it (withdrawal = 1, or enable_withdraw
// with wl_id 2). A member allowed neither gets the 404 page, as the sidebar has no entry for them.
// ?tab=crypto|fiat opens a tab; ?currency=ETH opens Crypto on that coin, ?currency=EUR opens Fiat.
import { isCrypto } from '#core/assets.ts';
import { getFees } from '#core/contract/rates.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { withdrawalKinds, type WithdrawalKind } from '#core/rules/permission-gates.ts';
import { useWhiteLabel } from '#ui/boot/boot-store.ts';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { LoadAlert } from '../../trade/form-kit/load-alert.tsx';
import { Tabs } from '../../trade/form-kit/tabs.tsx';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useTabQuery } from '../../trade/form-kit/use-tab-query.ts';
import { CryptoWithdrawal } from '../../trade/withdrawals/crypto-withdrawal.tsx';
import { FiatWithdrawal } from '../../trade/withdrawals/fiat-withdrawal.tsx';
import { refreshBalancesAfterChange, useBalancesStore } from '../../wallets/use-balances.ts';

export default function WithdrawalPage() {
  return <MemberFrame>{(user) => <WithdrawalGate user={user} />}</MemberFrame>;
}

function WithdrawalGate({ user }: { user: UserInfo }) {
  const permissions = useWhiteLabel()?.permissions;
  const kinds = permissions ? withdrawalKinds(permissions, user.permissions) : [];
  const [first] = kinds;
  if (!first) return <NotFoundPage />;
  return <Withdrawal user={user} kinds={kinds} first={first} />;
}

function Withdrawal({ user, kinds, first }: { user: UserInfo; kinds: WithdrawalKind[]; first: WithdrawalKind }) {
  const t = useTradeT();
  const [tab, setTab, query] = useTabQuery<WithdrawalKind>(kinds, (q) => (kinds.includes('fiat') && q.get('currency') && !isCrypto(q.get('currency')) ? 'fiat' : first));
  const fees = useApiData(getFees);
  const balancesError = useBalancesStore((state) => (state.status === 'error' ? state.error : null));
  useDocumentTitle(t('withdrawal.title'));
  const labels: Record<WithdrawalKind, string> = { crypto: t('withdrawal.tabCrypto'), fiat: t('withdrawal.tabFiat') };

  return (
    <div className="member-page trade-page">
      <h1 className="member-page__title">{t('withdrawal.title')}</h1>
      <p className="member-page__meta">{t('withdrawal.lead')}</p>
      <LoadAlert error={fees.error ?? balancesError} onRetry={() => { fees.reload(); void refreshBalancesAfterChange(); }} />
      <div className="panel">
        <Tabs label={t('withdrawal.title')} tabs={kinds.map((key) => ({ key, label: labels[key] }))} active={tab} onChange={setTab}>
          {tab === 'crypto' ? <CryptoWithdrawal initial={query.get('currency')} fees={fees.data} /> : null}
          {tab === 'fiat' ? <FiatWithdrawal currency={user.currency} fees={fees.data} /> : null}
        </Tabs>
      </div>
    </div>
  );
}
