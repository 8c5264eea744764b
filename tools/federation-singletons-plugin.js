// A runtime plugin of every app's federation (tools/webpack/federation.cjs, runtimePlugins): the
// runtime does not check a shared singleton's version against the range an app requires, which the
// release gate has checked before the build could be in force (release/src/gate.ts refuses a
// candidate whose range the page's singleton does not satisfy, or that declares none).
//
// With strictVersion false (every singleton of ours), the runtime's check changes nothing: it takes
// the singleton either way and only warns. Its cost is not small: its semantic-version parser builds
// its regular expressions on the first check, and each check runs them again (6-55 ms of a page's
// start, unthrottled, on the 2-core hosts here; Lighthouse's mobile runs multiply it by their CPU
// slowdown). The build's manifest keeps each range (requiredVersion) for the gate; only the
// runtime's copy of the settings goes without it: the app's own shared modules (as the app starts,
// which the runtime also reads when it works out what to preload of a remote) and each load's (the
// bundler's consumes). A strict singleton is checked as before.

/** A share's settings without its range, when the runtime's check of it would only warn. */
function withoutRange(share) {
  const config = share && share.shareConfig;
  if (!config || !config.singleton || config.strictVersion || typeof config.requiredVersion !== 'string') return share;
  return { ...share, shareConfig: { ...config, requiredVersion: false } };
}

/** @returns {import('@module-federation/enhanced/runtime').ModuleFederationRuntimePlugin} */
export default function singletonsCheckedAtRelease() {
  return {
    name: 'site-singletons-checked-at-release',
    beforeInit(args) {
      const shared = args.userOptions && args.userOptions.shared;
      if (!shared) return args;
      const unranged = Object.fromEntries(Object.entries(shared).map(([name, shares]) => [name, Array.isArray(shares) ? shares.map(withoutRange) : withoutRange(shares)]));
      return { ...args, userOptions: { ...args.userOptions, shared: unranged } };
    },
    beforeLoadShare(args) {
      return args.shareInfo ? { ...args, shareInfo: withoutRange(args.shareInfo) } : args;
    },
  };
}
