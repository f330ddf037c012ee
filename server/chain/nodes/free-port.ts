// A TCP port nothing listens on right now, for a local node's RPC or P2P socket. The kernel picks it (listen on
// port 0), so two harnesses started at once never race for a hard-coded port. Another process may still take it
// between our close and the node's bind; the node then fails to start with its own clear error.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('free-port: the kernel gave no port'))));
    });
  });
}
