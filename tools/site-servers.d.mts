import type { Hono } from 'hono';
export function shellApp(options?: { remotes?: () => object }): Hono;
export function remoteApp(name: string): Hono;
