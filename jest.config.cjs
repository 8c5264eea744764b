module.exports = {
  projects: ['shared-ui', 'shell', 'mfe-marketing', 'mfe-auth', 'mfe-account', 'service-user', 'site-server', 'release']
    .map((dir) => `<rootDir>/${dir}/jest.config.cjs`),
};
