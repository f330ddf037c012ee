// ChainWatcherStatus (chain-watcher.ts) as a valibot schema, for what comes back from a table: the leader
// publishes its watchers' statuses as jsonb (chain-status-board.ts) and a follower answers /healthz and the
// console from them, so a row written by another version, or by hand, must not reach either unchecked.
// The picklists are the contract's (core/contract/admin-chains.ts), so the two cannot drift apart.

import * as v from 'valibot';
import { CHAIN_FAMILIES, NETWORK_KINDS } from '#core/chain/networks.ts';
import { CHAIN_BACKENDS } from '#core/contract/admin-chains.ts';
import { CryptoSchema, IsoTime } from '#core/contract/fields.ts';
import type { ChainWatcherStatus } from './chain-watcher.ts';

const Height = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)));

export const ChainWatcherStatusSchema = v.strictObject({
  family: v.picklist(CHAIN_FAMILIES),
  assets: v.array(CryptoSchema),
  backend: v.picklist(CHAIN_BACKENDS),
  network: v.picklist(NETWORK_KINDS),
  node: v.nullable(v.string()),
  reachable: v.boolean(),
  nodeHeight: Height,
  height: Height,
  lagBlocks: Height,
  lastRoundAt: v.nullable(IsoTime),
  lastError: v.nullable(v.strictObject({ message: v.string(), at: IsoTime })),
  retryInMs: v.nullable(v.pipe(v.number(), v.minValue(0))),
});

/** Put a limit on everything: a platform has four chain families; anything longer is not ours. */
const MAX_STATUSES = 16;
const PublishedStatusesSchema = v.pipe(v.array(ChainWatcherStatusSchema), v.maxLength(MAX_STATUSES));

// The schema and the interface must describe the same thing: a compile error here when one changes alone.
type SchemaOutput = v.InferOutput<typeof ChainWatcherStatusSchema>;
const sameShape: [SchemaOutput extends ChainWatcherStatus ? true : false, ChainWatcherStatus extends SchemaOutput ? true : false] = [true, true];
void sameShape;

/** The statuses a jsonb value holds, or null when it is not a list of them (then there is no snapshot). */
export function parsePublishedStatuses(value: unknown): ChainWatcherStatus[] | null {
  const parsed = v.safeParse(PublishedStatusesSchema, value);
  return parsed.success ? parsed.output : null;
}
