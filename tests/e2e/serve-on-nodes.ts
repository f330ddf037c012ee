// The platform on real node software, for the browser specs' "nodes" project (chain-*.spec.ts): what
// `npm start -- --local-nodes` runs (litecoind regtest for LTC, anvil for ETH and the test tokens), on its
// own ports. Playwright starts it after the main server, which builds the bundles this one serves.

export {};

const primary = process.env.E2E_PRIMARY_HEALTHZ;
if (primary) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      if ((await fetch(primary)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${primary} did not answer within 240 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
process.argv.push('--local-nodes');
await import('../../scripts/start.ts');
