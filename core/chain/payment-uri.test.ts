import { describe, expect, it } from 'vitest';
import type { CryptoAsset } from '../assets.ts';
import { paymentUri, toOnChainUnits } from './payment-uri.ts';
import type { NetworkKind } from './networks.ts';

const ETH = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('payment URIs', () => {
  it.each<[string, CryptoAsset, string, bigint | null, NetworkKind, string]>([
    ['BIP21 with an amount, no needless zeros', 'BTC', 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', 120_000n, 'test', 'bitcoin:tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl?amount=0.0012'],
    ['BIP21 of a whole coin', 'BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 100_000_000n, 'main', 'bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu?amount=1'],
    ['BIP21 without an amount', 'LTC', 'tltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9pesrjxk', null, 'test', 'litecoin:tltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9pesrjxk'],
    ['Litecoin with an amount', 'LTC', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', 250_000_000n, 'main', 'litecoin:ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh?amount=2.5'],
    ['Bitcoin Cash: the CashAddr prefix is the scheme', 'BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 1n, 'main', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=0.00000001'],
    ['Bitcoin Cash test network', 'BCH', 'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4', 10_000_000n, 'test', 'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4?amount=0.1'],
    ['EIP-681 ETH in wei on mainnet', 'ETH', ETH, 150_000_000n, 'main', `ethereum:${ETH}@1?value=1500000000000000000`],
    ['EIP-681 ETH on the test network (chain 31337)', 'ETH', ETH, 1n, 'test', `ethereum:${ETH}@31337?value=10000000000`],
    ['EIP-681 USDT transfer on mainnet (6 decimals)', 'USDT', ETH, 1_250_000_000n, 'main', `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${ETH}&uint256=12500000`],
    ['EIP-681 USDC transfer on the test network', 'USDC', ETH, 3_000_000_000n, 'test', `ethereum:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512@31337/transfer?address=${ETH}&uint256=30000000`],
    ['EIP-681 token address without amount', 'USDT', ETH, null, 'test', `ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@31337/transfer?address=${ETH}`],
  ])('%s', (_name, asset, address, amount, network, expected) => {
    expect(paymentUri(asset, address, amount, network)).toBe(expected);
  });

  it('a token amount finer than the token allows is rounded UP, so the payer never pays too little', () => {
    expect(toOnChainUnits(1n, 'USDT')).toBe(1n);
    expect(toOnChainUnits(101n, 'USDC')).toBe(2n);
    expect(toOnChainUnits(100n, 'USDC')).toBe(1n);
  });

  it('refuses a zero or negative amount (a bug, not an input)', () => {
    expect(() => paymentUri('BTC', 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', 0n, 'test')).toThrow(RangeError);
  });
});
