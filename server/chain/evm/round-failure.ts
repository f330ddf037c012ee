// How a watcher's round ends early: a node error (or a block that must be read again) is thrown as a
// RoundFailure inside the round only, which catches it, records it as lastError and backs off. The
// watcher's own callers never see it: tick() answers a value.

import type { EvmNodeError, EvmResult } from './evm-client.ts';

/** What ends a round early: caught by the round, which records it and backs off. */
export class RoundFailure extends Error {
  constructor(
    message: string,
    /** False when the node did not answer (status shows it unreachable). */
    readonly nodeAnswered: boolean,
  ) {
    super(message);
  }
}

export class NodeFailure extends RoundFailure {
  constructor(readonly nodeError: EvmNodeError) {
    super(nodeError.message, nodeError.code !== 'unreachable' && nodeError.code !== 'timeout');
  }
}

export function need<T>(result: EvmResult<T>): T {
  if (!result.ok) throw new NodeFailure(result.error);
  return result.value;
}
