// validateAddress for the server: the core rule with the network this process runs on. Every server
// in this build speaks the test network (MODE=live refuses to start until a live chain adapter
// exists), so the default is 'test'; a live adapter passes 'main'.

import type { CryptoAsset } from '#core/assets.ts';
import { validateAddress as validateOn, type AddressCheck } from '#core/chain/address-format.ts';
import type { NetworkKind } from '#core/chain/networks.ts';

/** { ok: true, address: canonical } | { ok: false, code: 'address_invalid', message } */
export function validateAddress(asset: CryptoAsset, address: string, network: NetworkKind = 'test'): AddressCheck {
  return validateOn(asset, address, network);
}
