import type { Hono } from 'hono';
export function createStaticApp(options: {
  root: string;
  spa?: boolean;
  cors?: boolean;
  documents?: Record<string, () => { type: string; body: string }>;
}): Hono;
export function listen(app: Hono, port: number, hostname?: string): Promise<{ port: number; close: () => Promise<void> }>;
