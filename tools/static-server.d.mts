import type { Hono } from 'hono';
export function createStaticApp(options: {
  root: string;
  spa?: boolean;
  cors?: boolean;
  documents?: Record<string, () => { type: string; body: string }>;
  securityHeaders?: (html: string) => Record<string, string>;
  pageLinks?: (pathname: string, origin: string, page: { prerendered: boolean }) => Promise<string>;
  pageHtml?: (pathname: string, origin: string) => Promise<string | null>;
}): Hono;
export function listen(app: Hono, port: number, hostname?: string): Promise<{ port: number; close: () => Promise<void> }>;
