// Where the "nodes" project's platform writes its local nodes' connection details (LOCAL_NODES_FILE),
// for playwright.config.ts and the chain specs to agree on.
export const NODES_PORT = Number(process.env.E2E_PORT ?? 8180) + 40;
export const NODES_FILE = `/tmp/paykit-e2e-nodes-${NODES_PORT}.json`;
