// A wallet's mark: the coin's real icon (cryptocurrency-icons), or its code for a currency without one.
// Decorative: the ticker is always written beside it.
import { CoinIcon } from '#ui/components/coin-icon.tsx';

export function CoinMark({ coin }: { coin: string }) {
  return <CoinIcon asset={coin} size={40} className="coin-mark" />;
}
