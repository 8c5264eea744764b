/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { askOnNewConnections } from './warmUp';

let server: Server;
let connections = 0;
let requests = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.end('page');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("asks for the page on a new connection each time (the cluster's primary hands each to its next process)", async () => {
  const { port } = server.address() as AddressInfo;
  await askOnNewConnections(`http://127.0.0.1:${port}/`, 4);
  expect(requests).toBe(4);
  expect(connections).toBe(4);
});

it('resolves when the server cannot be reached (the run then reports what it finds)', async () => {
  await expect(askOnNewConnections('http://127.0.0.1:9/', 2)).resolves.toBeUndefined();
});
