// The federation runtime of a remote's own page (its local host, see shared-ui's LocalHost).
// A remote's build takes the runtime from the page it runs in (experiments.externalRuntime): in
// the site, the shell's page provides it (experiments.provideExternalRuntime); alone, this script
// does, before the remote's entry runs, with the plugin the shell uses for it.
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';

injectExternalRuntimeCore().beforeInit({ options: { name: FEDERATION_RUNTIME_PROVIDER } });
