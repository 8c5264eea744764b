// The server builds the site renders with (the shell's page renderer, the remotes' render
// entries): CommonJS files, each fetched and compiled once (their names are content-hashed, so a
// URL's code never changes), then run for each copy the renderer makes, each copy with a module
// state of its own (styled-components names its components in creation order): renderedPages.ts
// says which copies are made, and which are kept.
import { readFile } from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import { createRequire, isBuiltin } from 'node:module';
import vm from 'node:vm';
import { checkIntegrity } from './integrity';

const FETCH_TIMEOUT_MS = 5_000;
/** A build that could not be had is asked for again after this long, not at every request. */
const RETRY_AFTER_MS = 10_000;
/** Versions in force plus a few others: the least recently used is dropped first. */
export const MAX_BUILDS = 32;

// Only Node's own modules are required through it: any base path will do.
const nodeRequire = createRequire(`${process.cwd()}/`);

export type RequireFunction = (id: string) => unknown;

export interface CompiledBuild {
  url: string;
  /** Runs the build's code afresh and answers its exports. */
  run(require: RequireFunction): Record<string, unknown>;
}

/** What a build may require that nobody provides: Node's own modules. */
export const builtinsOnly: RequireFunction = (id) => {
  if (isBuiltin(id)) return nodeRequire(id);
  throw new Error(`a server build asked for ${id}, which nothing provides`);
};

/** How a build is had, and what it must match before it runs. */
export interface BuildSource {
  /** The integrity its release recorded (null or none: none recorded). */
  integrity?: string | null;
  /** Whether it may run without a recorded integrity (outside local mode it may not). */
  integrityRequired?: boolean;
  /** Sent with its request (the store gives server builds only to a request that carries its key). */
  headers?: Record<string, string>;
}

async function sourceOf(url: string, headers: Record<string, string> = {}): Promise<string> {
  if (url.startsWith('file:')) return readFile(new URL(url), 'utf8');
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return response.text();
}

function compile(url: string, code: string): CompiledBuild {
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: url });
  const body = script.runInThisContext() as (...args: unknown[]) => void;
  return {
    url,
    run(require) {
      const module = { exports: {} as Record<string, unknown> };
      body.call(module.exports, module.exports, require, module, url, '');
      return module.exports;
    },
  };
}

const builds = new LRUCache<string, Promise<CompiledBuild>>({ max: MAX_BUILDS });

/** The build at a URL (http(s) or file), compiled once, and only once it matches what its release recorded. */
export function compiledBuild(url: string, { integrity = null, integrityRequired = false, headers }: BuildSource = {}): Promise<CompiledBuild> {
  const key = `${url} ${integrity ?? (integrityRequired ? 'required' : 'none')}`;
  let build = builds.get(key);
  if (!build) {
    build = sourceOf(url, headers).then((code) => {
      checkIntegrity(url, code, integrity, integrityRequired);
      return compile(url, code);
    });
    // A failure is kept RETRY_AFTER_MS, then asked for again.
    build.catch(() => builds.peek(key) === build && builds.set(key, build, { ttl: RETRY_AFTER_MS }));
    builds.set(key, build);
  }
  return build;
}
