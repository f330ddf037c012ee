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

// The spec's table of larger hashes (24 to 64 bytes, every size the version byte names), and its type-15
// addresses: a valid checksum, but a type we neither send to nor accept.
const LARGER_HASHES = [
  ['7ADBF6C17084BC86C1706827B41A56F5CA32865925E946EA', 'bitcoincash:q9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2ws4mr9g0', 'bchtest:p9adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2u94tsynr', 'prefix:09adhakpwzztepkpwp5z0dq62m6u5v5xtyj7j3h2p29kc2lp'],
  ['3A84F9CF51AAE98A3BB3A78BF16A6183790B18719126325BFC0C075B', 'bitcoincash:qgagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkcw59jxxuz', 'bchtest:pgagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkcvs7md7wt', 'prefix:0gagf7w02x4wnz3mkwnchut2vxphjzccwxgjvvjmlsxqwkc5djw8s9g'],
  ['3173EF6623C6B48FFD1A3DCC0CC6489B0A07BB47A37F47CFEF4FE69DE825C060', 'bitcoincash:qvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq5nlegake', 'bchtest:pvch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxq7fqng6m6', 'prefix:0vch8mmxy0rtfrlarg7ucrxxfzds5pamg73h7370aa87d80gyhqxqsh6jgp6w'],
  ['C07138323E00FA4FC122D3B85B9628EA810B3F381706385E289B0B25631197D194B5C238BEB136FB', 'bitcoincash:qnq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklv39gr3uvz', 'bchtest:pnq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklvmgm6ynej', 'prefix:0nq8zwpj8cq05n7pytfmskuk9r4gzzel8qtsvwz79zdskftrzxtar994cgutavfklvwsvctzqy'],
  ['E361CA9A7F99107C17A622E047E3745D3E19CF804ED63C5C40C6BA763696B98241223D8CE62AD48D863F4CB18C930E4C', 'bitcoincash:qh3krj5607v3qlqh5c3wq3lrw3wnuxw0sp8dv0zugrrt5a3kj6ucysfz8kxwv2k53krr7n933jfsunqex2w82sl', 'bchtest:ph3krj5607v3qlqh5c3wq3lrw3wnuxw0sp8dv0zugrrt5a3kj6ucysfz8kxwv2k53krr7n933jfsunqnzf7mt6x', 'prefix:0h3krj5607v3qlqh5c3wq3lrw3wnuxw0sp8dv0zugrrt5a3kj6ucysfz8kxwv2k53krr7n933jfsunqakcssnmn'],
  ['D9FA7C4C6EF56DC4FF423BAAE6D495DBFF663D034A72D1DC7D52CBFE7D1E6858F9D523AC0A7A5C34077638E4DD1A701BD017842789982041', 'bitcoincash:qmvl5lzvdm6km38lgga64ek5jhdl7e3aqd9895wu04fvhlnare5937w4ywkq57juxsrhvw8ym5d8qx7sz7zz0zvcypqscw8jd03f', 'bchtest:pmvl5lzvdm6km38lgga64ek5jhdl7e3aqd9895wu04fvhlnare5937w4ywkq57juxsrhvw8ym5d8qx7sz7zz0zvcypqs6kgdsg2g', 'prefix:0mvl5lzvdm6km38lgga64ek5jhdl7e3aqd9895wu04fvhlnare5937w4ywkq57juxsrhvw8ym5d8qx7sz7zz0zvcypqsgjrqpnw8'],
  ['D0F346310D5513D9E01E299978624BA883E6BDA8F4C60883C10F28C2967E67EC77ECC7EEEAEAFC6DA89FAD72D11AC961E164678B868AEEEC5F2C1DA08884175B', 'bitcoincash:qlg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mtky5sv5w', 'bchtest:plg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96mc773cwez', 'prefix:0lg0x333p4238k0qrc5ej7rzfw5g8e4a4r6vvzyrcy8j3s5k0en7calvclhw46hudk5flttj6ydvjc0pv3nchp52amk97tqa5zygg96ms92w6845'],
] as const;

describe('CashAddr payload vectors of the spec, every hash size', () => {
  it.each(LARGER_HASHES)('the %s hash encodes and decodes as p2pkh %s and p2sh %s', (hash, p2pkh, p2sh) => {
    const bytes = Uint8Array.from(Buffer.from(hash, 'hex'));
    expect(encodeCashAddr('bitcoincash', 'p2pkh', bytes)).toBe(p2pkh);
    expect(encodeCashAddr('bchtest', 'p2sh', bytes)).toBe(p2sh);
    expect(hex(decodeCashAddr(p2pkh, 'bitcoincash')!.hash)).toBe(hash);
    expect(decodeCashAddr(p2sh, 'bitcoincash')).toMatchObject({ prefix: 'bchtest', type: 'p2sh' });
  });

  it.each(LARGER_HASHES.map((row) => row[3]))('the type-15 address %s has a valid checksum but is no address we use', (address) => {
    expect(decodeCashAddrChecksum(address, 'bitcoincash')).not.toBeNull();
    expect(decodeCashAddr(address, 'bitcoincash')).toBeNull();
  });
});
