import { describe, expect, it } from 'vitest';
import { Address } from '@scure/btc-signer';
import { decodeCashAddr, decodeCashAddrChecksum, encodeCashAddr } from './cashaddr.ts';

// The vectors of the CashAddr specification (https://upgradespecs.bitcoincashnode.org/cashaddr/).
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();

describe('CashAddr checksum vectors of the spec', () => {
  it.each(['prefix:x64nx6hz', 'p:gpf8m4h7', 'bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyn', 'bchtest:testnetaddress4d6njnut', 'bchreg:555555555555555555555555555555555555555555555udxmlmrz'])(
    '%s has a valid checksum',
    (address) => {
      expect(decodeCashAddrChecksum(address, 'bitcoincash')).not.toBeNull();
    },
  );

  it.each(['prefix:x64nx6hy', 'bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyq', 'bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyN', 'bitcoincash:qpzry9x8gf2tvdw0s3jn54khce6mua7lcw20ayyb'])(
    '%s is refused (one character changed, mixed case or a character outside the alphabet)',
    (address) => {
      expect(decodeCashAddrChecksum(address, 'bitcoincash')).toBeNull();
    },
  );
});

describe('CashAddr translation vectors of the spec (legacy Bitcoin address -> CashAddr)', () => {
  it.each([
    ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    ['1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy'],
    ['16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb', 'bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r'],
    ['3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'],
    ['3LDsS579y7sruadqu11beEJoTjdFiFCdX4', 'bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e'],
    ['31nwvkZwyPdgzjBJZXfDmSWsC4ZLKpYyUw', 'bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37'],
  ])('%s is %s', (legacy, cashaddr) => {
    const decoded = Address().decode(legacy);
    if (decoded.type !== 'pkh' && decoded.type !== 'sh') throw new Error(`unexpected ${decoded.type}`);
    expect(encodeCashAddr('bitcoincash', decoded.type === 'sh' ? 'p2sh' : 'p2pkh', decoded.hash)).toBe(cashaddr);
    expect(decodeCashAddr(cashaddr, 'bitcoincash')).toEqual({ prefix: 'bitcoincash', type: decoded.type === 'sh' ? 'p2sh' : 'p2pkh', hash: decoded.hash });
  });
});

describe('CashAddr payload vectors of the spec', () => {
  it.each([
    ['bitcoincash:qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2', 'p2pkh', 'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9'],
    ['bchtest:pr6m7j9njldwwzlg9v7v53unlr4jkmx6eyvwc0uz5t', 'p2sh', 'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9'],
    ['pref:pr6m7j9njldwwzlg9v7v53unlr4jkmx6ey65nvtks5', 'p2sh', 'F5BF48B397DAE70BE82B3CCA4793F8EB2B6CDAC9'],
  ] as const)('%s decodes to a %s hash and encodes back', (address, type, hash) => {
    const parsed = decodeCashAddr(address, 'bitcoincash');
    expect(parsed?.type).toBe(type);
    expect(hex(parsed!.hash)).toBe(hash);
    expect(encodeCashAddr(parsed!.prefix, type, parsed!.hash)).toBe(address);
  });

  it('an address without its prefix is checked against the default prefix, in either case', () => {
    expect(decodeCashAddr('qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2', 'bitcoincash')?.type).toBe('p2pkh');
    expect(decodeCashAddr('BITCOINCASH:QR6M7J9NJLDWWZLG9V7V53UNLR4JKMX6EYLEP8EKG2', 'bitcoincash')?.type).toBe('p2pkh');
    expect(decodeCashAddr('qr6m7j9njldwwzlg9v7v53unlr4jkmx6eylep8ekg2', 'bchtest')).toBeNull();
  });
});
