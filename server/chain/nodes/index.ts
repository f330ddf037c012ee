// The local-nodes harness: what tests, the bench and `npm start -- --local-nodes` import (see README.md).
export { startLitecoind, type LocalLitecoind, type StartLitecoindOptions } from './litecoind.ts';
export { startAnvil, anvilDevAccounts, ANVIL_DEV_MNEMONIC, TEST_TOKEN_SUPPLY, type LocalAnvil, type StartAnvilOptions, type DevAccount } from './anvil.ts';
export { ERC20_ABI, TEST_TOKEN_ABI } from './erc20-abi.ts';
export { compileToken, type CompiledToken } from './compile-token.ts';
export { jsonRpc, JsonRpcError } from './json-rpc.ts';
export { freePort } from './free-port.ts';
