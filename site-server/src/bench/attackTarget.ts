// The server the pipelining attack (pipelineAttack.ts) is run against, in its own process (its
// memory is what is measured): a static app over a build folder, started by the `listen` of the
// site-server sources at ATTACK_SRC (default: these), so that an earlier version can be measured
// the same way. Prints its port once it listens.
import { join, resolve } from 'node:path';

const src = resolve(process.env.ATTACK_SRC || join(import.meta.dirname, '..'));
const root = process.env.ATTACK_ROOT!;
const { createStaticApp, listen } = (await import(join(src, 'index.ts'))) as typeof import('../index');
const server = await listen(createStaticApp({ root }), 0, '127.0.0.1');
process.stdout.write(`${server.port}\n`);
const delay = (await import('node:perf_hooks')).monitorEventLoopDelay({ resolution: 10 });
delay.enable();
if (process.env.ATTACK_DEBUG)
  setInterval(() => {
    process.stderr.write(`loop max ${(delay.max / 1e6).toFixed(0)} ms `);
    delay.reset();
    const m = process.memoryUsage();
    process.stderr.write(
      `rss ${(m.rss / 2 ** 20).toFixed(0)} heap ${(m.heapUsed / 2 ** 20).toFixed(0)}/${(m.heapTotal / 2 ** 20).toFixed(0)} external ${(m.external / 2 ** 20).toFixed(0)} buffers ${(m.arrayBuffers / 2 ** 20).toFixed(0)} conns ${server.server.listenerCount('connection')}\n`,
    );
  }, 1000).unref();
process.on('SIGINT', () => process.exit(0));
