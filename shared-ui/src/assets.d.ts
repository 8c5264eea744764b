// Importing an image or a third-party stylesheet gives its URL: a file's (webpack's asset/resource), or for an
// image under 4 KB a data URL (tools/webpack/base.cjs).
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.css' {
  const url: string;
  export default url;
}

// webpack's context of a folder (a remote's local host loads its pages through one: shared-ui's
// LocalHost.tsx): every module under it that matches, each by its path from that folder.
interface ImportMeta {
  webpackContext(
    request: string,
    options: { recursive?: boolean; regExp?: RegExp; mode?: 'sync' | 'lazy' },
  ): { (source: string): Promise<{ default: import('react').ComponentType }>; keys(): string[] };
}
