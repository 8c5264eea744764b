// One SWC configuration for webpack (swc-loader) and jest (@swc/jest).
module.exports = function swcOptions({ test = false } = {}) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2020',
      transform: { react: { runtime: 'automatic' } },
    },
    module: test ? { type: 'commonjs' } : undefined,
    sourceMaps: true,
  };
};
