// The federation runtime of a remote's own page (its local host, see shared-ui's LocalHost).
// A remote's build takes the runtime from the page it runs in (experiments.externalRuntime): in
// the site, the shell's page provides it (experiments.provideExternalRuntime); alone, this script
// does, before the remote's entry runs, with the plugin the shell uses for it (MF's
// inject-external-runtime-core plugin, given by the build: tools/webpack.cjs, runtimeProviderConfig).
/* global injectExternalRuntimeCore, FEDERATION_RUNTIME_PROVIDER */
injectExternalRuntimeCore().beforeInit({ options: { name: FEDERATION_RUNTIME_PROVIDER } });
