// Where members send a wire. In test mode this is the TEST BANK: made-up accounts of each seeded
// provider (the IBANs are the standard documentation examples, which pass the mod-97 check but
// belong to nobody); no real money can arrive there, and an operator "receives" a wire by matching it in
// the console (Money > Wires, /sys-admin/money/wires). A provider without an entry gets the default one.

import type { Asset } from '#core/assets.ts';
import type { WireInstructions } from '#core/contract/deposits.ts';

interface BankAccount {
  bank_name: string;
  iban: string;
  swift: string;
}

export const TEST_BANK_ACCOUNTS: Readonly<Record<string, BankAccount>> = {
  // wl_id 1, Verdant Exchange (GB)
  '1': { bank_name: 'Test Bank (test mode, no real money)', iban: 'GB82WEST12345698765432', swift: 'TESTGB2L' },
  // wl_id 2, Harbor Coin (ES)
  '2': { bank_name: 'Banco de Pruebas (test mode, no real money)', iban: 'ES9121000418450200051332', swift: 'TESTESMM' },
};
const DEFAULT_ACCOUNT = TEST_BANK_ACCOUNTS['1'] as BankAccount;

export function wireInstructions(provider: { wlId: string; name: string }, reference: string, amount: string, currency: Asset): WireInstructions {
  const account = TEST_BANK_ACCOUNTS[provider.wlId] ?? DEFAULT_ACCOUNT;
  return { reference, amount, currency, account_holder: provider.name, ...account };
}
