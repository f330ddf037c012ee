// Compiles our ERC-20 (erc20-token.sol) with solc-js. Loading solc's WebAssembly compiler takes seconds, so the
// result is cached in the OS temp dir under sha256(source + solc version): every later start (each test file,
// each `npm start -- --local-nodes`) reads the cache, and editing the source or upgrading solc recompiles.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CompiledToken {
  abi: readonly unknown[];
  bytecode: `0x${string}`;
  solcVersion: string;
}

const CONTRACT = 'Erc20Token';
const SOURCE_NAME = 'erc20-token.sol';

export function tokenSource(): string {
  return readFileSync(new URL(`./${SOURCE_NAME}`, import.meta.url), 'utf8');
}

/** The solc package's version, read without loading the compiler. */
function solcPackageVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('solc/package.json') as { version: string }).version;
}

export function compiledTokenCachePath(): string {
  const key = createHash('sha256').update(tokenSource()).update(solcPackageVersion()).digest('hex');
  return join(tmpdir(), `paykit-erc20-${key.slice(0, 24)}.json`);
}

export async function compileToken(): Promise<CompiledToken> {
  const cachePath = compiledTokenCachePath();
  try {
    const cached = JSON.parse(await readFile(cachePath, 'utf8')) as CompiledToken;
    if (Array.isArray(cached.abi) && cached.bytecode.startsWith('0x')) return cached;
  } catch {
    // No cache yet (or a broken one): compile below and write it.
  }
  const compiled = await compileWithSolc();
  // Write then rename: two test workers compiling at once never read a half-written file.
  const partial = `${cachePath}.${process.pid}.tmp`;
  await writeFile(partial, JSON.stringify(compiled));
  await rename(partial, cachePath);
  return compiled;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

async function compileWithSolc(): Promise<CompiledToken> {
  const solc = (await import('solc')).default;
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: tokenSource() } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      // Cancun: what anvil and hardhat both run by default; a newer default of solc could emit opcodes an older node rejects.
      evmVersion: 'cancun',
      outputSelection: { [SOURCE_NAME]: { [CONTRACT]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc could not compile ${SOURCE_NAME}:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT];
  if (contract === undefined) throw new Error(`solc produced no ${CONTRACT} from ${SOURCE_NAME}`);
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, solcVersion: solc.version() as string };
}
