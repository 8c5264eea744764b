import type { FederationManifest } from '../manifests';

/** A build's manifest with nothing exposed or shared: its remote entry only (for the tests that read one). */
export function bareManifest(name: string): FederationManifest {
  return {
    id: name,
    name,
    metaData: {
      name,
      globalName: name,
      type: 'app',
      buildInfo: { buildVersion: 'test', buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [],
  };
}
