// The node daemons a harness spawned, killed when this process exits however it exits (a crashed test run, a
// Ctrl-C on `npm start -- --local-nodes`), with their temp datadirs removed: no litecoind or anvil, and no
// datadir, outlives the process that needed it.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Each live child with the temp dir to remove once it is dead (null: none, or one the caller keeps). */
const children = new Map<ChildProcess, string | null>();
let hooked = false;

function killAll(): void {
  for (const [child, tempDir] of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (tempDir !== null) rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

function onSignal(signal: NodeJS.Signals): void {
  // Another handler (the server's graceful shutdown) owns the signal: it stops the nodes or exits, and the exit
  // hook kills what is left. Alone, ours must do what the signal's default would: end the process.
  if (process.listenerCount(signal) > 1) return;
  killAll();
  process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
}

export function trackChild(child: ChildProcess, tempDir: string | null = null): void {
  children.set(child, tempDir);
  child.once('exit', () => children.delete(child));
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** Ends a child: waits up to graceMs for it to exit by itself (after an RPC stop), then SIGKILLs it. */
export async function endChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The last lines a child wrote, kept for the error when it fails to start. */
export function outputTail(child: ChildProcess, maxChars = 4000): () => string {
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-maxChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => tail.trim();
}
