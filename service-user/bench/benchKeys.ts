// What the service's benches share: a free port for a server they start, and Firebase-shaped
// tokens signed by a key whose public half they serve as "Google's" key set.
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

/** A signing key and its key set served on a loopback port (close it when done). */
export async function benchKeySet() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'RS256', use: 'sig' }] };
  const server = createHttpServer((_, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(jwks)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { privateKey, jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`, close: () => server.close() };
}
