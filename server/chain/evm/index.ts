// The EVM watcher, as the chain service imports it (see README.md).
export { EvmWatcher, FIRST_START_DEPTH, type EvmWatcherOptions } from './evm-watcher.ts';
export { EvmClient, type EvmNodeError, type EvmResult } from './evm-client.ts';
