import { describe, expect, it } from 'vitest';
import { isValidEvmAddress, toChecksumAddress } from './eip55.ts';

// The vectors of EIP-55 (https://eips.ethereum.org/EIPS/eip-55).
const CHECKSUMMED = [
  '0x52908400098527886E0F7030069857D2E4169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('EIP-55', () => {
  it.each(CHECKSUMMED)('%s is its own checksummed form and valid', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(isValidEvmAddress(address)).toBe(true);
  });

  it.each(CHECKSUMMED.slice(4))('%s with one letter flipped in case is refused', (address) => {
    const i = [...address].findIndex((ch, index) => index > 1 && /[a-f]/i.test(ch));
    const flipped = address.slice(0, i) + (address[i] === address[i]!.toUpperCase() ? address[i]!.toLowerCase() : address[i]!.toUpperCase()) + address.slice(i + 1);
    expect(isValidEvmAddress(flipped)).toBe(false);
  });

  it.each(['0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'])('%s: all one case carries no checksum and is accepted', (address) => {
    expect(isValidEvmAddress(address)).toBe(true);
  });

  it.each(['5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd', '0xgaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'])(
    '%s is not an address at all',
    (address) => {
      expect(isValidEvmAddress(address)).toBe(false);
    },
  );
});
