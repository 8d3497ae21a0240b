import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What every provider fake here does with its `node:http` server: listen (loopback and a free port
 * unless told otherwise) and give back its base URL, without a trailing slash, and a close that
 * ends kept-alive connections too (a hanging request must not hold a test's end).
 */
export async function listenFake(
  server: Server,
  options: { host?: string | undefined; port?: number | undefined },
): Promise<{ origin: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    origin: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
