// Release commands and servers as separate processes, as CI runners and replicas run them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../store';

export const tsx = join(repoRoot, 'release', 'node_modules', '.bin', 'tsx');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `pnpm release <args>` in a process of its own, with this environment (on top of the test's). */
export function release(env: Record<string, string>, ...args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [join(repoRoot, 'release', 'src', 'cli.ts'), ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the commands one after the other (a CI job's steps), stopping at the first that fails. */
export async function pipeline(env: Record<string, string>, ...steps: string[][]): Promise<Ran[]> {
  const ran: Ran[] = [];
  for (const step of steps) {
    const run = await release(env, ...step);
    ran.push(run);
    if (run.code !== 0) break;
  }
  return ran;
}

/** Starts a process that prints `listening <port>` once it serves; resolves with it and the port. */
export function started(command: string, args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not start: ${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, port: Number(port), output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited (${code}) before it served: ${output}`));
    });
  });
}

/** Stops a process and waits for it to be gone. */
export function stopped(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * A TCP proxy to a port of this machine: each chunk a client sends is held `delayMs` (a slow
 * network: a change takes long enough for another to start meanwhile); `cut` drops every
 * connection and refuses new ones (the server gone, as far as the client can tell), `restore`
 * takes them again on the same port.
 */
export async function tcpProxy(targetPort: number, { delayMs = 0, onClientData }: { delayMs?: number; onClientData?: (chunk: Buffer) => void } = {}) {
  const sockets = new Set<Socket>();
  let server: Server;
  // Frozen: every connection stays open and nothing crosses it, either way (a partition).
  let frozen = false;
  const open = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        sockets.add(client).add(upstream);
        let queue = Promise.resolve();
        client.on('data', (chunk) => {
          onClientData?.(chunk);
          if (frozen) return;
          queue = queue.then(() => new Promise((done) => setTimeout(done, delayMs))).then(() => void upstream.write(chunk));
        });
        upstream.on('data', (chunk) => {
          if (!frozen) client.write(chunk);
        });
        const close = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('close', close).on('error', close);
        upstream.on('close', close).on('error', close);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await open(0);
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return {
    port,
    cut,
    restore: async () => {
      await open(port);
    },
    /** Nothing crosses any connection, old or new, until thaw(); none is closed. */
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
    },
    close: cut,
  };
}
