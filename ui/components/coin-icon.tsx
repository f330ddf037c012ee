// A coin's (or currency's) icon beside its written ticker: decorative, so alt="" and aria-hidden; a
// reader hears the ticker written next to it. Assets without an icon get their code in a round mark.
import { coinIconPath } from '#core/coin-icons.ts';

export function CoinIcon({ asset, size = 32, className = 'coin-icon' }: { asset: string; size?: number; className?: string }) {
  const path = coinIconPath(asset);
  if (path === null) {
    return (
      <span className={`${className} ${className}--code`} style={{ width: size, height: size }} aria-hidden="true">
        {asset.slice(0, 4)}
      </span>
    );
  }
  return <img className={className} src={path} alt="" aria-hidden="true" width={size} height={size} decoding="async" />;
}
