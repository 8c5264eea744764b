// Images and third-party stylesheets are emitted as files by webpack (asset/resource); importing one gives its URL.
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
