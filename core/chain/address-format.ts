// Which strings are addresses of which asset, on the test or main network. Withdrawals check the
// member's address with this before anything moves: checksums are verified (bech32/bech32m and
// base58check for Bitcoin and Litecoin, CashAddr for Bitcoin Cash, EIP-55 for mixed-case Ethereum
// addresses), so one mistyped character is caught here rather than lost on the chain.
//
// Bitcoin Cash accepts CashAddr only: a legacy base58 BCH address looks exactly like a Bitcoin
// address, and that confusion is how coins get sent to the wrong chain.

import { Address } from '@scure/btc-signer';
import type { CryptoAsset } from '../assets.ts';
import { ERRORS } from '../errors.ts';
import { decodeCashAddr } from './cashaddr.ts';
import { isValidEvmAddress, toChecksumAddress } from './eip55.ts';
import { CASHADDR_PREFIX, FAMILY_OF, SEGWIT_PARAMS, type NetworkKind } from './networks.ts';

export type AddressCheck = { ok: true; address: string } | { ok: false; code: 'address_invalid'; message: string };

const MAX_ADDRESS_LENGTH = 128;
const ZERO_EVM_ADDRESS = `0x${'0'.repeat(40)}`;

function invalid(asset: CryptoAsset, network: NetworkKind, hint: string): AddressCheck {
  const where = network === 'test' ? 'test network ' : network === 'regtest' ? 'regtest ' : '';
  return { ok: false, code: 'address_invalid', message: `${ERRORS.address_invalid.message} ${asset} ${where}addresses ${hint}` };
}

/** Hints name the expected form, so the member can tell a wrong network from a typo. */
export function addressHint(asset: CryptoAsset, network: NetworkKind): string {
  switch (FAMILY_OF[asset]) {
    case 'bitcoin':
      return network === 'main' ? 'look like bc1q..., 1... or 3...' : `look like ${SEGWIT_PARAMS.bitcoin[network].bech32}1q...`;
    case 'litecoin':
      return network === 'main' ? 'look like ltc1q..., L... or M...' : `look like ${SEGWIT_PARAMS.litecoin[network].bech32}1q...`;
    case 'bitcoincash':
      return `look like ${CASHADDR_PREFIX[network]}:q...`;
    case 'ethereum':
      return 'look like 0x followed by 40 hexadecimal characters';
  }
}

/** Check `address` for `asset` on `network`; on success answer its canonical spelling. */
export function validateAddress(asset: CryptoAsset, address: string, network: NetworkKind): AddressCheck {
  const trimmed = typeof address === 'string' ? address.trim() : '';
  const hint = addressHint(asset, network);
  if (trimmed === '' || trimmed.length > MAX_ADDRESS_LENGTH) return invalid(asset, network, hint);
  const family = FAMILY_OF[asset];
  switch (family) {
    case 'bitcoin':
    case 'litecoin': {
      try {
        Address(SEGWIT_PARAMS[family][network]).decode(trimmed);
      } catch {
        return invalid(asset, network, hint);
      }
      // Bech32 may be written in upper case (QR codes do); we keep the lower-case form.
      const canonical = /^[a-z]+1/i.test(trimmed) && trimmed === trimmed.toUpperCase() ? trimmed.toLowerCase() : trimmed;
      return { ok: true, address: canonical };
    }
    case 'bitcoincash': {
      const prefix = CASHADDR_PREFIX[network];
      const parsed = decodeCashAddr(trimmed, prefix);
      if (!parsed || parsed.prefix !== prefix || parsed.hash.length !== 20) return invalid(asset, network, hint);
      const body = trimmed.toLowerCase().split(':').pop()!;
      return { ok: true, address: `${prefix}:${body}` };
    }
    case 'ethereum': {
      if (!isValidEvmAddress(trimmed)) {
        const mixedCaseTypo = /^0x[0-9a-fA-F]{40}$/.test(trimmed);
        return invalid(asset, network, mixedCaseTypo ? 'carry a checksum in their upper and lower case letters, and this one does not match: check each character' : hint);
      }
      // Coins sent to the zero address are burnt: refuse it rather than lose a withdrawal.
      if (trimmed.toLowerCase() === ZERO_EVM_ADDRESS) return invalid(asset, network, 'must not be the zero address (coins sent there are lost)');
      return { ok: true, address: toChecksumAddress(trimmed) };
    }
  }
}
