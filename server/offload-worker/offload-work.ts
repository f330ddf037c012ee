// What the offload worker does with each job, as plain functions: the worker (offload-worker.ts) calls them,
// and so can a test without a thread in between.

import { HDKey } from '@scure/bip32';
import QRCode from 'qrcode';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { addressOfPoint, externalChildPoints, MAX_ADDRESS_INDEX } from '../chain/hd-keys.ts';
import type { OffloadJob } from '../offload/offload-messages.ts';

// The base point's table at window 8 rather than the library's 6: the multiplication is most of a child key's
// derivation, and the wider table cuts an address from about 290 to 230 µs here, for some 4,000 points kept
// (made at the first derivation). Set where this module runs: the offload thread, which derives every batch.
secp256k1.Point.BASE.precompute(8);

// An xpub is parsed once (a checksum and a point decompression); a process has one per chain family.
const accounts = new Map<string, HDKey>();
function account(xpub: string): HDKey {
  let key = accounts.get(xpub);
  if (!key) accounts.set(xpub, (key = HDKey.fromExtendedKey(xpub)));
  return key;
}

export function deriveAddresses(job: Extract<OffloadJob, { kind: 'derive' }>): string[] {
  const key = account(job.xpub);
  for (const index of job.indexes) {
    if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX) throw new RangeError(`deriveAddresses: index ${index} is outside 0..${MAX_ADDRESS_INDEX}`);
  }
  return externalChildPoints(key, job.indexes).map((point) => addressOfPoint(job.family, point, job.network));
}

export async function drawQr(uri: string): Promise<string> {
  // Level M survives a smudged screen; margin 2 modules is enough on the widget's white card. One byte-mode
  // segment: a lowercase URI gains next to nothing from the package's search for the shortest mix of modes.
  return QRCode.toString([{ data: uri, mode: 'byte' }], { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export async function runJob(job: OffloadJob): Promise<string[] | string> {
  switch (job.kind) {
    case 'derive':
      return deriveAddresses(job);
    case 'qr':
      return drawQr(job.uri);
  }
}
