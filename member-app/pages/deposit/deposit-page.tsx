// /deposit: Crypto (a coin's deposit address), Card ("Deposit EUR" in the
// member's fiat, through the test acquirer in test mode) and Wire (bank details and a reference).
// ?tab=crypto|card|wire opens a tab; ?currency=BTC opens Crypto on that coin.
import { isCrypto, type CryptoAsset } from '#core/assets.ts';
import { getFees } from '#core/contract/rates.ts';
import { getUserBalances } from '#core/contract/wallets.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { CardDeposit } from '../../trade/card-deposit.tsx';
import { CryptoDeposit } from '../../trade/crypto-deposit.tsx';
import { Tabs } from '../../trade/tabs.tsx';
import { tradeErrorText } from '../../trade/trade-error.ts';
import { useApiData } from '../../trade/use-api-data.ts';
import { useTabQuery } from '../../trade/use-tab-query.ts';
import { WireDeposit } from '../../trade/wire-deposit.tsx';

const TABS = ['crypto', 'card', 'wire'] as const;

export default function DepositPage() {
  return <MemberFrame>{(user) => <Deposit user={user} />}</MemberFrame>;
}

function Deposit({ user }: { user: UserInfo }) {
  const t = useTradeT();
  const locale = useBootStore((state) => state.locale);
  const [tab, setTab, query] = useTabQuery(TABS, (q) => (q.get('currency') && !isCrypto(q.get('currency')) ? 'card' : 'crypto'));
  const currency = query.get('currency');
  const fees = useApiData(getFees);
  const balances = useApiData(getUserBalances);
  useDocumentTitle(t('deposit.title'));
  const initialCoin: CryptoAsset = isCrypto(currency) ? currency : 'BTC';

  return (
    <div className="member-page trade-page">
      <h1 className="member-page__title">{t('deposit.title')}</h1>
      <p className="member-page__meta">{t('deposit.lead')}</p>
      {fees.state === 'error' ? (
        <p className="form-alert form-alert--error" role="alert">
          {tradeErrorText(fees.error, locale)} <button type="button" className="button button--link" onClick={fees.reload}>{t('retry')}</button>
        </p>
      ) : null}
      <div className="panel">
        <Tabs
          label={t('deposit.title')}
          tabs={[
            { key: 'crypto', label: t('deposit.tabCrypto') },
            { key: 'card', label: t('deposit.tabCard') },
            { key: 'wire', label: t('deposit.tabWire') },
          ]}
          active={tab}
          onChange={setTab}
        >
          {tab === 'crypto' ? <CryptoDeposit initial={initialCoin} balances={balances} /> : null}
          {tab === 'card' ? <CardDeposit currency={user.currency} fees={fees.data} onDeposited={balances.reload} /> : null}
          {tab === 'wire' ? <WireDeposit currency={user.currency} fees={fees.data} onCreated={balances.reload} /> : null}
        </Tabs>
      </div>
    </div>
  );
}
