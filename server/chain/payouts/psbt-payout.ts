// Cold signing for the Bitcoin family: the node's wallet (typically watch-only, holding the cold wallet's
// public keys) builds and funds the payout transaction as a PSBT (BIP174), the operator signs it wherever
// the keys live (a hardware wallet, an offline machine), and hands it back to be finalised and broadcast.
// Nothing here holds a private key.

import { coinNumberToMinor, minorToCoinString } from './coin-amount.ts';
import { NodeRpcError, type NodeRpc } from './node-rpc.ts';

export interface PsbtOutput {
  address: string;
  /** 8-decimal minor units (satoshis). */
  amountMinor: bigint;
}

export type CreatePsbtResult = { ok: true; psbt: string; feeMinor: bigint } | { ok: false; code: 'psbt_refused'; message: string };
export type BroadcastPsbtResult = { ok: true; txid: string } | { ok: false; code: 'psbt_incomplete' | 'broadcast_refused'; message: string };

/** A funded, unsigned PSBT paying `outputs` (the wallet adds inputs and change; replaceable; 6-block fee target). */
export async function createPayoutPsbt(rpc: NodeRpc, outputs: readonly PsbtOutput[]): Promise<CreatePsbtResult> {
  if (outputs.length === 0 || outputs.some((output) => output.amountMinor <= 0n)) throw new RangeError('createPayoutPsbt: at least one output, every amount positive');
  try {
    const funded = await rpc.call<{ psbt: string; fee: number }>('walletcreatefundedpsbt', [
      [],
      outputs.map((output) => ({ [output.address]: minorToCoinString(output.amountMinor) })),
      0,
      { replaceable: true, conf_target: 6 },
      true,
    ]);
    return { ok: true, psbt: funded.psbt, feeMinor: coinNumberToMinor(funded.fee) };
  } catch (error) {
    if (error instanceof NodeRpcError && error.kind === 'node') return { ok: false, code: 'psbt_refused', message: error.message };
    throw error;
  }
}

/** Finalises a PSBT the operator signed and broadcasts it. */
export async function broadcastSignedPsbt(rpc: NodeRpc, psbt: string): Promise<BroadcastPsbtResult> {
  const finalized = await rpc.call<{ hex?: string; complete: boolean }>('finalizepsbt', [psbt, true]);
  if (!finalized.complete || !finalized.hex) return { ok: false, code: 'psbt_incomplete', message: 'The PSBT is not fully signed: every input needs its signature before it can be broadcast.' };
  try {
    return { ok: true, txid: await rpc.call<string>('sendrawtransaction', [finalized.hex]) };
  } catch (error) {
    if (error instanceof NodeRpcError && error.kind === 'node') return { ok: false, code: 'broadcast_refused', message: error.message };
    throw error;
  }
}
