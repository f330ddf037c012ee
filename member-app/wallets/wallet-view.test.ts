import { describe, expect, it } from 'vitest';
import type { BalancesAnswer, WalletBalance } from '#core/contract/wallets.ts';
import { coinsToAdd, cryptoWallets, findWallet, shownAccountValues, sortedWallets, totalText, UNREADABLE, walletView } from './wallet-view.ts';

const wallet = (currency: WalletBalance['currency'], fields: Partial<WalletBalance> = {}): WalletBalance => ({
  currency,
  kind: currency === 'EUR' || currency === 'USD' ? 'fiat' : 'crypto',
  name: currency,
  balance: currency === 'EUR' || currency === 'USD' ? '0.00' : '0.00000000',
  available: currency === 'EUR' || currency === 'USD' ? '0.00' : '0.00000000',
  pending_in: currency === 'EUR' || currency === 'USD' ? '0.00' : '0.00000000',
  address: null,
  tag: null,
  value: '0.00',
  ...fields,
});

describe('the wallet view', () => {
  it('formats balance, available, pending and value with the asset decimals and the page language', () => {
    const view = walletView(
      wallet('BTC', { balance: '1.50000000', available: '1.25000000', pending_in: '0.00100000', value: '1234.50' }),
      'EUR',
      'es',
    );
    expect(view).toMatchObject({
      balance: '1,50000000 BTC',
      available: '1,25000000 BTC',
      pending: '0,00100000 BTC',
      value: '1.234,50 €',
      hasPending: true,
      hasReserved: true,
    });
  });

  it('shows a dash, never a guessed number, for a value the server could not price (null) or sent malformed', () => {
    expect(walletView(wallet('ETH', { value: null }), 'USD', 'en').value).toBe(UNREADABLE);
    expect(walletView(wallet('ETH', { balance: '1e3' }), 'USD', 'en').balance).toBe(UNREADABLE);
  });

  it('says nothing is pending or reserved for a settled wallet', () => {
    expect(walletView(wallet('LTC'), 'EUR', 'en')).toMatchObject({ hasPending: false, hasReserved: false });
  });

  it('lists wallets in the spec order, crypto before fiat, and the crypto list without fiat', () => {
    const wallets = [wallet('EUR'), wallet('USDC'), wallet('BTC'), wallet('ETH')];
    expect(sortedWallets(wallets).map((w) => w.currency)).toEqual(['BTC', 'ETH', 'USDC', 'EUR']);
    expect(cryptoWallets(wallets).map((w) => w.currency)).toEqual(['BTC', 'ETH', 'USDC']);
  });

  it('offers only the coins not held yet', () => {
    expect(coinsToAdd([wallet('EUR'), wallet('BTC'), wallet('USDT')])).toEqual(['LTC', 'ETH', 'BCH', 'USDC']);
    expect(coinsToAdd(['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC'].map((c) => wallet(c as WalletBalance['currency'])))).toEqual([]);
    // A coin whose chain is off on this server is never offered (its wallet could receive nothing).
    expect(coinsToAdd([wallet('EUR'), wallet('LTC')], ['LTC', 'ETH', 'USDT', 'USDC'])).toEqual(['ETH', 'USDT', 'USDC']);
  });

  it('totals in the member fiat as the server summed it, and finds a wallet by currency', () => {
    const data: BalancesAnswer = {
      currency: 'GBP',
      wallets: [wallet('BTC')],
      account_values: { EUR: '1.00', USD: '1.00', GBP: '987654.32', CAD: '1.00', AUD: '1.00', BTC: '0.10000000' },
    };
    expect(totalText(data, 'en')).toBe('£987,654.32');
    expect(findWallet(data, 'BTC')?.currency).toBe('BTC');
    expect(findWallet(data, 'ETH')).toBeNull();
    expect(findWallet(null, 'BTC')).toBeNull();
  });
});

describe('the sidebar Account Value', () => {
  const user = { currency: 'EUR', account_values: { EUR: '0.00', BTC: '0.00000000' } } as const;
  const answer: BalancesAnswer = {
    currency: 'EUR',
    wallets: [],
    account_values: { EUR: '487.50', USD: '528.90', GBP: '416.20', CAD: '730.00', AUD: '810.00', BTC: '0.00840000' },
  };

  it("shows currentUser's figures only until the balances store has answered", () => {
    expect(shownAccountValues(null, user)).toEqual({ fiat: 'EUR', values: user.account_values });
  });

  it("takes the first balances answer over currentUser's stale figures from sign-in", () => {
    expect(shownAccountValues(answer, user)).toEqual({ fiat: 'EUR', values: answer.account_values });
  });
});
