// A wallet card's four figures (balance, available, pending, value), for the member's wallets and the
// merchant's balances alike; each page brings its own words.
import type { WalletView } from '../../wallets/wallet-view.ts';

export interface WalletFigureLabels {
  balance: string;
  available: string;
  pending: string;
  value: string;
}

export function WalletFigures({ view, labels, balanceTestId }: { view: WalletView; labels: WalletFigureLabels; balanceTestId?: string }) {
  return (
    <dl className="wallet-card__figures">
      <div className="wallet-card__balance">
        <dt>{labels.balance}</dt>
        <dd data-testid={balanceTestId}>{view.balance}</dd>
      </div>
      <div>
        <dt>{labels.available}</dt>
        <dd>{view.available}</dd>
      </div>
      <div>
        <dt>{labels.pending}</dt>
        <dd className={view.hasPending ? 'wallet-card__pending' : undefined}>{view.pending}</dd>
      </div>
      <div>
        <dt>{labels.value}</dt>
        <dd>{view.value}</dd>
      </div>
    </dl>
  );
}
