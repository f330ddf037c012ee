// Test mode only (POST /v1/test-mode/verifyIdentity with level "enhanced"): an approved proof of address for
// the signed-in member, so a browser test can reach the top level's limits (the maker-checker threshold) in
// one call, as Stripe's test helpers skip a flow the test is not about. The photo is a plain grey PNG
// built here and stored the way an upload is (checked, stripped, sealed: server/compliance/documents.ts),
// then marked approved as an operator's decision would. Live mode never registers the endpoint.

import { deflateSync } from 'node:zlib';
import { crc32 } from '#core/compliance/png-chunks.ts';
import type { Env } from '../env.ts';
import type { Db } from '../db/db.ts';
import { documentBoxFor } from '../compliance/document-box.ts';
import { storeDocument, type Member } from '../compliance/documents.ts';

const WIDTH = 800;
const HEIGHT = 600;

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A flat grey 8-bit greyscale PNG: each row is filter 0 and WIDTH bytes of grey. */
function greyPng(): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(WIDTH, 0xc0)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: HEIGHT }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', new Uint8Array())]);
}

export async function approveTestProofOfAddress(db: Db, env: Pick<Env, 'APP_SECRET' | 'MODE'>, member: Member): Promise<void> {
  const stored = await storeDocument(db, documentBoxFor(env), member, { kind: 'proof_of_address', side: 'none', bytes: greyPng() });
  if (!stored.ok) throw new Error(`test proof of address refused: ${stored.error.code}`);
  await db.updateTable('identity_document_images').set({ review_state: 'approved', reviewed_at: new Date() }).where('id', '=', stored.document.id).execute();
}
