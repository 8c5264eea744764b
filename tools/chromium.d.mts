// Types of chromium.mjs, for the TypeScript that imports it (the Playwright config).
export declare const BROWSERS: Record<'chromium' | 'headless-shell', { path: string; aptPackage: string }>;
export declare const chromiumPath: (kind: keyof typeof BROWSERS) => string;
export declare const CHROMIUM_ARGS: string[];
