// /withdrawal: Crypto for everyone, and "Withdraw Fiat" only where spec §6 allows
// it (canWithdrawFiat: withdrawal = 1, or enable_withdraw with wl_id 2). ?tab=crypto|fiat opens a
// tab; ?currency=ETH opens Crypto on that coin, ?currency=EUR opens Fiat.
import { isCrypto } from '#core/assets.ts';
import { getFees } from '#core/contract/rates.ts';
import { getUserBalances } from '#core/contract/wallets.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { canWithdrawFiat } from '#core/rules/permission-gates.ts';
import { useBootStore, useWhiteLabel } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { CryptoWithdrawal } from '../../trade/crypto-withdrawal.tsx';
import { FiatWithdrawal } from '../../trade/fiat-withdrawal.tsx';
import { Tabs } from '../../trade/tabs.tsx';
import { tradeErrorText } from '../../trade/trade-error.ts';
import { useApiData } from '../../trade/use-api-data.ts';
import { useTabQuery } from '../../trade/use-tab-query.ts';

export default function WithdrawalPage() {
  return <MemberFrame>{(user) => <Withdrawal user={user} />}</MemberFrame>;
}

function Withdrawal({ user }: { user: UserInfo }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const permissions = useWhiteLabel()?.permissions;
  const fiatAllowed = permissions ? canWithdrawFiat(permissions, user.permissions) : false;
  const tabs = fiatAllowed ? (['crypto', 'fiat'] as const) : (['crypto'] as const);
  const [tab, setTab, query] = useTabQuery<'crypto' | 'fiat'>(tabs, (q) => (fiatAllowed && q.get('currency') && !isCrypto(q.get('currency')) ? 'fiat' : 'crypto'));
  const fees = useApiData(getFees);
  const balances = useApiData(getUserBalances);
  useDocumentTitle(t('withdrawal.title'));

  return (
    <div className="member-page trade-page">
      <h1 className="member-page__title">{t('withdrawal.title')}</h1>
      <p className="member-page__meta">{t('withdrawal.lead')}</p>
      {fees.state === 'error' || balances.state === 'error' ? (
        <p className="form-alert form-alert--error" role="alert">
          {tradeErrorText((fees.error ?? balances.error)!, locale)}{' '}
          <button type="button" className="button button--link" onClick={() => { fees.reload(); balances.reload(); }}>{t('retry')}</button>
        </p>
      ) : null}
      <div className="panel">
        <Tabs
          label={t('withdrawal.title')}
          tabs={[{ key: 'crypto', label: t('withdrawal.tabCrypto') }, ...(fiatAllowed ? [{ key: 'fiat' as const, label: t('withdrawal.tabFiat') }] : [])]}
          active={tab}
          onChange={setTab}
        >
          {tab === 'crypto' ? <CryptoWithdrawal initial={query.get('currency')} fees={fees.data} balances={balances.data} onChanged={balances.reload} /> : null}
          {tab === 'fiat' ? <FiatWithdrawal currency={user.currency} fees={fees.data} balances={balances.data} onChanged={balances.reload} /> : null}
        </Tabs>
      </div>
    </div>
  );
}
