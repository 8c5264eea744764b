// A runtime plugin of every app's federation (tools/webpack/federation.cjs, runtimePlugins): the
// runtime does not check a shared singleton's version against the range an app requires, which the
// release gate has checked before the build could be in force (release/src/gate.ts refuses a
// candidate whose range the page's singleton does not satisfy, or that declares none).
//
// With strictVersion false (every singleton of ours), the runtime's check changes nothing: it takes
// the singleton either way and only warns. Its cost is not small: its semantic-version parser builds
// its regular expressions on the first check, and each check runs them, 6-50 ms of a page's start on
// a host that emulates a mid-tier phone at 1x (multiplied by Lighthouse's slowdown on a phone). The
// build's manifest keeps each range (requiredVersion) for the gate; only the runtime's copy of the
// share's settings, for this one load, goes without it. A strict singleton is checked as before.
/** @returns {import('@module-federation/enhanced/runtime').ModuleFederationRuntimePlugin} */
export default function singletonsCheckedAtRelease() {
  return {
    name: 'site-singletons-checked-at-release',
    beforeLoadShare(args) {
      const config = args.shareInfo && args.shareInfo.shareConfig;
      if (!config || !config.singleton || config.strictVersion || typeof config.requiredVersion !== 'string') return args;
      return { ...args, shareInfo: { ...args.shareInfo, shareConfig: { ...config, requiredVersion: false } } };
    },
  };
}
