import type { Hono } from 'hono';
export function shellApp(options?: { remotes?: () => object; browserConfig?: Record<string, unknown>; prerender?: boolean }): Hono;
export function remoteApp(name: string): Hono;
