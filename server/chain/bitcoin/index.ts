// What the chain plugin imports to watch a Bitcoin-family node (see README.md).
export { BitcoinWatcher, FIRST_START_DEPTH, type BitcoinWatcherOptions } from './bitcoin-watcher.ts';
export { BitcoinRpcClient, type BitcoinRpcClientOptions, type RpcFailure, type RpcResult } from './rpc-client.ts';
