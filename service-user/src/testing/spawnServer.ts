import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serviceDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** Resolves once it listens, rejects if it exits first. */
  listening: Promise<void>;
}

/** `src/server.ts` in a process of its own (node itself, not a wrapper, so signals reach the server). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serviceDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('service-user listening')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited with ${code} before listening:\n${output}`)));
  });
  listening.catch(() => undefined);
  return { child, port, output: () => output, exited, listening };
}
