// A Litecoin Core node on its own regtest chain, for tests, the bench and `npm start -- --local-nodes`: Debian's
// litecoind 0.21 spawned as our child (never -daemon, so it dies with us), free ports, a temp datadir, random RPC
// credentials, and a wallet 'w' with 101 blocks mined to it (a coinbase spends after 100 confirmations).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endChild, outputTail, trackChild } from './child-processes.ts';
import { freePort } from './free-port.ts';
import { jsonRpc, JsonRpcError } from './json-rpc.ts';

// Debian's /usr/bin/litecoind is a wrapper that writes ~/.litecoin/litecoin.conf before it execs the daemon;
// the daemon itself needs nothing from the home directory when it has a datadir.
export const LITECOIND_BINARY = process.env.LITECOIND_BIN ?? (existsSync('/usr/lib/litecoin/litecoind') ? '/usr/lib/litecoin/litecoind' : 'litecoind');
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
const WALLET = 'w';

export interface LocalLitecoind {
  /** `http://u:p@127.0.0.1:PORT`: the node (blocks, mempool). */
  readonly rpcUrl: string;
  /** rpcUrl + `/wallet/w`: the funded wallet (sendtoaddress, bumpfee, payouts). */
  readonly walletUrl: string;
  readonly rpcPort: number;
  readonly dataDir: string;
  readonly pid: number;
  /** The wallet's own address the 101 blocks went to; mine() pays here unless told otherwise. */
  readonly minerAddress: string;
  /** A JSON-RPC call, to the wallet unless wallet = false; throws JsonRpcError with the node's code. */
  rpc<T>(method: string, params?: readonly unknown[], wallet?: boolean): Promise<T>;
  /** Mines n blocks at once (generatetoaddress); answers their hashes. */
  mine(n: number, address?: string): Promise<string[]>;
  /** A fresh bech32 address of the wallet (rltc1…). */
  newAddress(): Promise<string>;
  /** RPC stop, SIGKILL after 5 s; removes the datadir unless it was given or keep was asked. */
  stop(): Promise<void>;
}

export interface StartLitecoindOptions {
  /** Use this datadir (kept after stop; a second start reuses its chain and wallet); default: a fresh temp dir, removed at stop. */
  dataDir?: string;
  /** Keep the temp datadir after stop (to look at debug.log). */
  keep?: boolean;
  /**
   * Blocks mined to the wallet at start (default 101: one mature 50 LTC coinbase). Each block past 100 adds one
   * more spendable coinbase: a test that sends after a bumpfee wants several, because the wallet does not spend
   * a replacement's unconfirmed change.
   */
  fundBlocks?: number;
}

export async function startLitecoind(opts: StartLitecoindOptions = {}): Promise<LocalLitecoind> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'paykit-litecoind-')));
  const removeDir = opts.dataDir === undefined && opts.keep !== true;
  const [rpcPort, p2pPort] = [await freePort(), await freePort()];
  const user = `u${randomBytes(6).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  const child = spawn(
    LITECOIND_BINARY,
    [
      '-regtest',
      `-datadir=${dataDir}`,
      `-rpcport=${rpcPort}`,
      `-port=${p2pPort}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-server',
      '-listen=0',
      '-txindex=0',
      '-fallbackfee=0.0001',
      '-walletrbf=1',
      // Litecoin Core's mempool refuses every BIP125 replacement by default (txn-mempool-conflict, even from
      // bumpfee); RBF tests need the replaced transaction to leave the mempool as it does on Bitcoin.
      '-mempoolreplacement=1',
      // Watchers, payouts and tests call at once; the default queue of 16 answers "work queue depth exceeded".
      '-rpcthreads=8',
      '-rpcworkqueue=256',
      '-dnsseed=0',
      '-discover=0',
      '-printtoconsole=1',
      // MWEB would activate at regtest height 432, and from there generatetoaddress fails (bad-txns-vin-empty):
      // never activating it keeps the chain mineable for benches and long tests. We do not accept MWEB payments.
      '-vbparams=mweb:-2:0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  trackChild(child, removeDir ? dataDir : null);
  const tail = outputTail(child);
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) => reject(new Error(`litecoind: cannot run ${LITECOIND_BINARY} (${error.message}); install it: apt-get install litecoind`)));
  });

  const rpcUrl = `http://${user}:${password}@127.0.0.1:${rpcPort}`;
  const walletUrl = `${rpcUrl}/wallet/${WALLET}`;
  // No keep-alive: an idle pooled connection would hold the daemon's shutdown for 4 s at every stop().
  const rpc = <T>(method: string, params: readonly unknown[] = [], wallet = true) => jsonRpc<T>(wallet ? walletUrl : rpcUrl, method, params, { keepAlive: false });
  const cleanUp = async () => {
    await endChild(child, 0);
    if (removeDir) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await spawned;
    await waitForRpc(() => rpc('getblockchaininfo', [], false), () => child.exitCode !== null, tail);
    await openWallet(rpc);
    const minerAddress = await rpc<string>('getnewaddress', ['', 'bech32']);
    // A reused datadir already has its chain (and its coins): only a new chain is funded.
    const { blocks } = await rpc<{ blocks: number }>('getblockchaininfo', [], false);
    if (blocks === 0) await rpc('generatetoaddress', [opts.fundBlocks ?? 101, minerAddress], false);
    const stop = async () => {
      try {
        await rpc('stop', [], false);
      } catch {
        // Already gone or not answering: the kill below ends it either way.
      }
      await endChild(child, STOP_GRACE_MS);
      if (removeDir) await rm(dataDir, { recursive: true, force: true });
    };
    return {
      rpcUrl,
      walletUrl,
      rpcPort,
      dataDir,
      pid: child.pid ?? 0,
      minerAddress,
      rpc,
      mine: (n, address = minerAddress) => rpc<string[]>('generatetoaddress', [n, address], false),
      newAddress: () => rpc<string>('getnewaddress', ['', 'bech32']),
      stop,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Creates wallet 'w', or loads it from a reused datadir (-4: it exists on disk; -35: it is loaded already). */
async function openWallet(rpc: (method: string, params: readonly unknown[], wallet: boolean) => Promise<unknown>): Promise<void> {
  try {
    await rpc('createwallet', [WALLET], false);
  } catch (error) {
    if (!(error instanceof JsonRpcError && error.code === -4)) throw error;
    await rpc('loadwallet', [WALLET], false).catch((loadError: unknown) => {
      if (!(loadError instanceof JsonRpcError && loadError.code === -35)) throw loadError;
    });
  }
}

async function waitForRpc(call: () => Promise<unknown>, exited: () => boolean, tail: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`litecoind exited while starting:\n${tail()}`);
    try {
      await call();
      return;
    } catch (error) {
      // -28 = still loading (RPC up, node warming up); no code = not listening yet. Anything else is real.
      if (error instanceof JsonRpcError && error.code !== null && error.code !== -28) throw error;
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`litecoind did not answer RPC within ${START_TIMEOUT_MS / 1000} s (${last}):\n${tail()}`);
}
