// Types of node-version.cjs, for the TypeScript that imports it (the Playwright config).
export declare const range: string;
export declare const minimum: string;
export declare const pinned: string;
export declare function supports(version?: string): boolean;
export declare function assertSupportedNode(what: string): void;
