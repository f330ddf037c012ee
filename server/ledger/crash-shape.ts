// The shape of the crash test's load, shared by the victim (crash-load.ts) and the test (crash.test.ts).

/** Members whose EUR wallets the load moves money between (user ids 1..CRASH_USERS). */
export const CRASH_USERS = 4;
/** Every batch of the load has this many legs, all under one ref. */
export const LEGS_PER_BATCH = 3;
