// The order fields every start page asks for (the buy flow, the remittance, the buy widget): the coin, as
// radio cards with their real icons (only the coins whose chain is on: the boot's coins), and the fiat currency paid.
import { CRYPTO_DISPLAY_NAMES, FIAT, type CryptoAsset, type FiatAsset } from '#core/assets.ts';
import { useCoinsOn } from '#ui/boot/boot-store.ts';
import { CoinIcon } from '#ui/components/coin-icon.tsx';

export function CoinChoice({ legend, coin, onCoin }: { legend: string; coin: CryptoAsset; onCoin: (coin: CryptoAsset) => void }) {
  const coins = useCoinsOn();
  return (
    <fieldset className="flow-coins">
      <legend className="flow-field__label">{legend}</legend>
      <div className="flow-coins__list">
        {coins.map((asset) => (
          <label key={asset} className={`flow-coin${asset === coin ? ' flow-coin--chosen' : ''}`}>
            <input type="radio" name="coin" value={asset} checked={asset === coin} onChange={() => onCoin(asset)} />
            <CoinIcon asset={asset} size={28} />
            <span className="flow-coin__name">{CRYPTO_DISPLAY_NAMES[asset]}</span>
            <span className="flow-coin__code">{asset}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FiatSelect({ id, label, fiat, onFiat }: { id: string; label: string; fiat: FiatAsset; onFiat: (fiat: FiatAsset) => void }) {
  return (
    <div className="flow-field">
      <label className="flow-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="flow-field__input" value={fiat} onChange={(event) => onFiat(event.target.value as FiatAsset)}>
        {FIAT.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
