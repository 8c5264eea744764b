import { browserConfig } from './runtimeConfig';
import { LOCAL_OPERATOR, OPERATOR_VARIABLES, operatorConfig } from './operator';
import { OPERATOR_ENV } from './testing/operatorEnv';

const configured = OPERATOR_ENV;

describe("the service's operator (the privacy notice's and the terms')", () => {
  it('comes from configuration, trimmed', () => {
    expect(operatorConfig({ NODE_ENV: 'production', ...configured, OPERATOR_NAME: '  Example Assistive SRL ' })).toEqual({
      name: 'Example Assistive SRL',
      address: 'Str. Exemplu 1, Cluj-Napoca',
      registration: 'J12/1/2026, CUI RO1',
      email: 'privacy@example.ro',
      local: false,
    });
  });

  it.each(Object.values(OPERATOR_VARIABLES))('refuses to start outside local mode without %s, or with it blank', (name) => {
    expect(() => operatorConfig({ NODE_ENV: 'production', ...configured, [name]: undefined })).toThrow(`${name} must be set`);
    expect(() => operatorConfig({ NODE_ENV: 'production', ...configured, [name]: '   ' })).toThrow(`${name} must be set`);
    // A typo in NODE_ENV is production: no local value reaches it.
    expect(() => operatorConfig({ NODE_ENV: 'prodution', ...configured, [name]: undefined })).toThrow(`${name} must be set`);
    expect(() => browserConfig({ NODE_ENV: 'production', ...configured, [name]: undefined })).toThrow(`${name} must be set`);
  });

  it('refuses an email that is not an address', () => {
    expect(() => operatorConfig({ NODE_ENV: 'production', ...configured, OPERATOR_EMAIL: 'privacy at example.ro' })).toThrow('OPERATOR_EMAIL must be an email address');
  });

  it('shows a plainly local value in local mode, marked as local', () => {
    expect(operatorConfig({ NODE_ENV: 'test' })).toEqual(LOCAL_OPERATOR);
    expect(LOCAL_OPERATOR.name).toMatch(/^\[LOCAL\]/);
    expect(operatorConfig({ NODE_ENV: 'development', ...configured })).toMatchObject({ name: 'Example Assistive SRL', local: false });
  });

  it('reaches the browser with the rest of the runtime configuration', () => {
    expect(browserConfig({ NODE_ENV: 'production', ...configured, FIREBASE_PROJECT_ID: 'p' }).operator).toMatchObject({ name: 'Example Assistive SRL', local: false });
  });
});
