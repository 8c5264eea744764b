import { integrityPlugin } from './integrity';

const sri = (c: string) => `sha256-${c.repeat(43)}=`;
const deployments = [
  { manifest: 'https://cdn.vedere.example/mfe-account/1.0.0-aaaaaaaaaaaa/mf-manifest.json', integrity: { 'mf-manifest.json': sri('A'), 'remoteEntry.js': sri('B') } },
  { manifest: 'http://localhost:3002/mf-manifest.json' },
];
const plugin = integrityPlugin(() => deployments);
type Hook<K extends 'fetch' | 'createScript'> = (...args: unknown[]) => ReturnType<NonNullable<(typeof plugin)[K]>>;
const fetchHook = plugin.fetch as unknown as Hook<'fetch'>;
const createScript = plugin.createScript as unknown as Hook<'createScript'>;

describe("the federation runtime's requests for a released remote", () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn(async () => ({ ok: true })) as unknown as typeof fetch;
  });

  it('fetch its manifest with the integrity its release recorded', async () => {
    await fetchHook('https://cdn.vedere.example/mfe-account/1.0.0-aaaaaaaaaaaa/mf-manifest.json', { method: 'GET' });
    expect(globalThis.fetch).toHaveBeenCalledWith('https://cdn.vedere.example/mfe-account/1.0.0-aaaaaaaaaaaa/mf-manifest.json', { method: 'GET', integrity: sri('A') });
  });

  it('load its entry as a script that runs only if it matches, fetched with CORS (as integrity across origins needs)', () => {
    const script = createScript({ url: 'https://cdn.vedere.example/mfe-account/1.0.0-aaaaaaaaaaaa/remoteEntry.js' }) as HTMLScriptElement;
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script.src).toBe('https://cdn.vedere.example/mfe-account/1.0.0-aaaaaaaaaaaa/remoteEntry.js');
    expect(script.integrity).toBe(sri('B'));
    expect(script.crossOrigin).toBe('anonymous');
  });

  it("leave to the runtime what has no integrity recorded (a local build, another version's file, a chunk)", async () => {
    for (const url of ['http://localhost:3002/mf-manifest.json', 'https://cdn.vedere.example/mfe-account/1.0.0-bbbbbbbbbbbb/mf-manifest.json']) {
      expect(fetchHook(url, {})).toBeUndefined();
    }
    expect(createScript({ url: 'http://localhost:3002/remoteEntry.js' })).toBeUndefined();
    expect(createScript({ url: 'https://cdn.vedere.example/mfe-account/1.0.0-aaaaaaaaaaaa/291.082c61aebe21.js' })).toBeUndefined();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
