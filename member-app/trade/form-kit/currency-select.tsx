// A labelled currency picker: ticker and name, e.g. "BTC — Bitcoin".
import { useId } from 'react';
import { CRYPTO_DISPLAY_NAMES, isCrypto, type Asset } from '#core/assets.ts';
import { useTradeT } from '../../i18n/use-trade-t.ts';
import type { TradeKey } from '../../i18n/trade-en.ts';

export function useAssetName(): (asset: Asset) => string {
  const t = useTradeT();
  return (asset) => (isCrypto(asset) ? CRYPTO_DISPLAY_NAMES[asset] : t(`fiat.${asset}` as TradeKey));
}

export interface CurrencySelectProps {
  label: string;
  value: Asset;
  options: readonly Asset[];
  onChange: (asset: Asset) => void;
  name?: string;
}

export function CurrencySelect({ label, value, options, onChange, name }: CurrencySelectProps) {
  const id = useId();
  const nameOf = useAssetName();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        className="form-field__input form-field__select"
        value={value}
        onChange={(event) => onChange(event.target.value as Asset)}
      >
        {options.map((asset) => (
          <option key={asset} value={asset}>{`${asset} — ${nameOf(asset)}`}</option>
        ))}
      </select>
    </div>
  );
}
