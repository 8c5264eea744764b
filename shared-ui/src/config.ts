/** Runtime configuration, served as /config.js by each environment (never compiled in). */
export interface RuntimeConfig {
  /** Where the shell reads the remotes document. */
  remotesUrl: string;
  /** Base URL of the user service. */
  userServiceUrl: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<RuntimeConfig>;
  }
}

const defaults: RuntimeConfig = {
  remotesUrl: '/remotes.json',
  userServiceUrl: 'http://localhost:8787',
};

export function runtimeConfig(): RuntimeConfig {
  const fromPage = typeof window === 'undefined' ? {} : window.__APP_CONFIG__ ?? {};
  return { ...defaults, ...fromPage };
}
