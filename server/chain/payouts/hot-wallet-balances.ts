// The hot wallets as the operator console shows them: what each holds on its node, and what is promised to
// payouts accepted but not yet broadcast (the part of the balance that is not free for a new payout). A node
// that cannot be read shows its error instead of a number, so one unreachable node hides nothing else. The
// built-in test network has no hot wallet: it shows none.

import type { CryptoAsset } from '#core/assets.ts';
import type { Db } from '../../db/db.ts';
import type { PayoutSender } from './payout-sender.ts';
import { unbroadcastMinor } from './promised-payouts.ts';

export interface HotWalletLine {
  asset: CryptoAsset;
  /** Null when the node could not be read (see error). */
  balanceMinor: bigint | null;
  /** The signer's address (EVM); null for a node wallet. */
  address: string | null;
  /** Accepted payouts not yet broadcast: still in balanceMinor, no longer free. */
  pendingMinor: bigint;
  /** The node, password masked. */
  node: string;
  error: string | null;
}

export async function hotWalletBalances(db: Db, senders: readonly PayoutSender[]): Promise<HotWalletLine[]> {
  const lines: HotWalletLine[] = [];
  for (const sender of senders.filter((candidate) => !candidate.virtual)) {
    for (const asset of sender.assets) {
      const pendingMinor = await unbroadcastMinor(db, asset);
      try {
        const { balanceMinor, address } = await sender.balance(asset);
        lines.push({ asset, balanceMinor, address, pendingMinor, node: sender.node, error: null });
      } catch (error) {
        lines.push({ asset, balanceMinor: null, address: null, pendingMinor, node: sender.node, error: (error as Error).message });
      }
    }
  }
  return lines;
}
