import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAIN_FAMILIES } from '#core/chain/networks.ts';
import { deriveAddress, keysFromSeed, seedFromMnemonic, TEST_MNEMONIC } from '../chain/hd-keys.ts';
import { offload, stopOffload } from './offload.ts';

const seed = seedFromMnemonic(TEST_MNEMONIC);
const run = promisify(execFile);

afterAll(() => stopOffload());

describe('the offload thread', () => {
  it.each(CHAIN_FAMILIES.flatMap((family) => (['main', 'test'] as const).map((network) => [family, network] as const)))(
    'derives %s addresses on %s as the event loop would, in the order asked',
    async (family, network) => {
      const keys = keysFromSeed(seed, network);
      const indexes = [0, 7, 1, 2 ** 31 - 1];
      const derived = await offload({ kind: 'derive', xpub: keys.accounts[family]!.publicExtendedKey, family, network, indexes });
      expect(derived).toEqual(indexes.map((index) => deriveAddress(keys, family, index)));
    },
  );

  it('draws the QR code of a URI as an SVG document of that URI', async () => {
    const uri = 'bitcoin:tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl?amount=0.00123';
    const svg = await offload({ kind: 'qr', uri });
    expect(svg).toBe(await QRCode.toString([{ data: uri, mode: 'byte' }], { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }));
  });

  it("a job's own error reaches its caller, and the thread goes on with the next job", async () => {
    const xpub = keysFromSeed(seed, 'main').accounts.bitcoin!.publicExtendedKey;
    await expect(offload({ kind: 'derive', xpub, family: 'bitcoin', network: 'main', indexes: [2 ** 31] })).rejects.toThrow(/index 2147483648 is outside/);
    await expect(offload({ kind: 'derive', xpub, family: 'bitcoin', network: 'main', indexes: [0] })).resolves.toEqual(['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu']);
  });

  it('jobs held by a thread that stops fail, and the next job starts a new thread', async () => {
    // Long enough (a few thousand derivations) that the thread is surely still at it when it is stopped.
    const xpub = keysFromSeed(seed, 'test').accounts.litecoin!.publicExtendedKey;
    const held = offload({ kind: 'derive', xpub, family: 'litecoin', network: 'test', indexes: Array.from({ length: 5000 }, (_, i) => i) });
    await stopOffload();
    await expect(held).rejects.toThrow(/offload worker (stopped|exited)/);
    await expect(offload({ kind: 'qr', uri: 'x' })).resolves.toMatch(/^<svg /);
  });

  it('a script that used the thread still exits when its work is done', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'offload-'));
    const script = join(dir, 'script.mjs');
    await writeFile(script, `import { offload } from ${JSON.stringify(join(import.meta.dirname, 'offload.ts'))};\nconsole.log(await offload({ kind: 'qr', uri: 'y' }) !== '');\n`);
    try {
      const { stdout } = await run(process.execPath, [script], { timeout: 20_000 });
      expect(stdout.trim()).toBe('true');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
