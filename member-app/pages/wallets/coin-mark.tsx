// A round mark with the coin's ticker: a recognisable shape per wallet without shipping logos.
// Decorative: the ticker is always written beside it.
export function CoinMark({ coin }: { coin: string }) {
  return (
    <span className={`coin-mark coin-mark--${coin.toLowerCase()}`} aria-hidden="true">
      {coin.slice(0, 4)}
    </span>
  );
}
