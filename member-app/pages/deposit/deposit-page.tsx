// /deposit: Crypto (a coin's deposit address), Card ("Deposit EUR" in the
// member's fiat, through the test acquirer in test mode) and Wire (bank details and a reference).
// ?tab=crypto|card|wire opens a tab; ?currency=BTC opens Crypto on that coin.
import { isCrypto, type CryptoAsset } from '#core/assets.ts';
import { getFees } from '#core/contract/rates.ts';
import type { UserInfo } from '#core/contract/users.ts';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import { CardDeposit } from '../../trade/deposits/card-deposit.tsx';
import { CryptoDeposit } from '../../trade/deposits/crypto-deposit.tsx';
import { Tabs } from '../../trade/form-kit/tabs.tsx';
import { LoadAlert } from '../../trade/form-kit/load-alert.tsx';
import { useApiData } from '../../trade/form-kit/use-api-data.ts';
import { useTabQuery } from '../../trade/form-kit/use-tab-query.ts';
import { WireDeposit } from '../../trade/deposits/wire-deposit.tsx';

const TABS = ['crypto', 'card', 'wire'] as const;

export default function DepositPage() {
  return <MemberFrame>{(user) => <Deposit user={user} />}</MemberFrame>;
}

function Deposit({ user }: { user: UserInfo }) {
  const t = useTradeT();
  const [tab, setTab, query] = useTabQuery(TABS, (q) => (q.get('currency') && !isCrypto(q.get('currency')) ? 'card' : 'crypto'));
  const currency = query.get('currency');
  const fees = useApiData(getFees);
  useDocumentTitle(t('deposit.title'));
  const initialCoin: CryptoAsset = isCrypto(currency) ? currency : 'BTC';

  return (
    <div className="member-page trade-page">
      <h1 className="member-page__title">{t('deposit.title')}</h1>
      <p className="member-page__meta">{t('deposit.lead')}</p>
      <LoadAlert error={fees.error} onRetry={fees.reload} />
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
          {tab === 'crypto' ? <CryptoDeposit initial={initialCoin} /> : null}
          {tab === 'card' ? <CardDeposit currency={user.currency} fees={fees.data} /> : null}
          {tab === 'wire' ? <WireDeposit currency={user.currency} fees={fees.data} /> : null}
        </Tabs>
      </div>
    </div>
  );
}
