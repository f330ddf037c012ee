// The offload worker's wire protocol, both ways, as one union each (offload.ts sends,
// server/offload-worker/offload-worker.ts answers). Only plain data crosses: an account key travels as
// its xpub string, never as an object.

import type { ChainFamily, NetworkKind } from '#core/chain/networks.ts';

export type OffloadJob =
  /** Receiving addresses of one account key's external chain at `indexes`, in order. */
  | { kind: 'derive'; xpub: string; family: ChainFamily; network: NetworkKind; indexes: number[] }
  /** A payment URI's QR code as an SVG document (payment-qr.ts). */
  | { kind: 'qr'; uri: string };

export type OffloadResult<J extends OffloadJob> = J extends { kind: 'derive' } ? string[] : string;

export type OffloadRequest = { id: number; job: OffloadJob };

export type OffloadReply = { id: number; ok: true; value: string[] | string } | { id: number; ok: false; message: string };
