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
