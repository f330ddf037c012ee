import { describe, expect, it } from 'vitest';
import type { CryptoAsset } from '../assets.ts';
import { validateAddress } from './address-format.ts';
import type { NetworkKind } from './networks.ts';

// Addresses of the public BIP39 test mnemonic ("abandon ... about") at index 0, and known vectors.
const TB = 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl';
const TLTC = 'tltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9pesrjxk';
const BCHTEST = 'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4';
const ETH = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

type Case = [string, CryptoAsset, NetworkKind, string, string | false];

describe('validateAddress', () => {
  it.each<Case>([
    ['a BTC test address', 'BTC', 'test', TB, TB],
    ['a BTC test address in upper case (as QR codes write it)', 'BTC', 'test', TB.toUpperCase(), TB],
    ['a BTC test address with surrounding spaces', 'BTC', 'test', `  ${TB} `, TB],
    ['a BTC test address with one character changed', 'BTC', 'test', TB.slice(0, -1) + 'm', false],
    ['a BTC test address in mixed case', 'BTC', 'test', 'tb1Q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', false],
    ['a BTC mainnet address on the test network', 'BTC', 'test', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', false],
    ['a BTC mainnet address on the main network', 'BTC', 'main', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    ['a legacy BTC mainnet address on the main network', 'BTC', 'main', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'],
    ['a legacy BTC address with a broken base58 checksum', 'BTC', 'main', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggv', false],
    ['a Litecoin test address as BTC', 'BTC', 'test', TLTC, false],
    ['an LTC test address', 'LTC', 'test', TLTC, TLTC],
    ['a BTC test address as LTC', 'LTC', 'test', TB, false],
    ['an LTC mainnet address on the main network', 'LTC', 'main', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh'],
    ['a BCH test address', 'BCH', 'test', BCHTEST, BCHTEST],
    ['a BCH test address without its prefix', 'BCH', 'test', BCHTEST.slice('bchtest:'.length), BCHTEST],
    ['a BCH test address in upper case', 'BCH', 'test', BCHTEST.toUpperCase(), BCHTEST],
    ['a BCH test address with one character changed', 'BCH', 'test', BCHTEST.slice(0, -1) + 'q', false],
    ['a BCH mainnet address on the test network', 'BCH', 'test', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', false],
    ['a legacy (base58) BCH address', 'BCH', 'main', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', false],
    ['an ETH address in its EIP-55 form', 'ETH', 'test', ETH, ETH],
    ['an ETH address in lower case (answered checksummed)', 'USDT', 'test', ETH.toLowerCase(), ETH],
    ['an ETH address with one letter in the wrong case', 'USDC', 'main', ETH.replace('Ef', 'ef'), false],
    ['an ETH address without 0x', 'ETH', 'test', ETH.slice(2), false],
    ['the zero address', 'ETH', 'test', `0x${'0'.repeat(40)}`, false],
    ['an empty string', 'ETH', 'test', '', false],
    ['a very long string', 'BTC', 'test', `tb1q${'q'.repeat(200)}`, false],
  ])('%s: %s on %s', (_name, asset, network, address, expected) => {
    const result = validateAddress(asset, address, network);
    if (expected === false) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.code).toBe('address_invalid');
        expect(result.message).toMatch(/address/);
      }
    } else {
      expect(result).toEqual({ ok: true, address: expected });
    }
  });

  it('the message names the expected form, so a member can tell a wrong network from a typo', () => {
    const result = validateAddress('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'test');
    expect(!result.ok && result.message).toContain('tb1q');
  });
});
