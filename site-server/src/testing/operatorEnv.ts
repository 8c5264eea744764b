/** An operator as a deployment configures it (operator.ts): what a test outside local mode needs to start the site's server. */
export const OPERATOR_ENV = {
  OPERATOR_NAME: 'Example Assistive SRL',
  OPERATOR_ADDRESS: 'Str. Exemplu 1, Cluj-Napoca',
  OPERATOR_REGISTRATION: 'J12/1/2026, CUI RO1',
  OPERATOR_EMAIL: 'privacy@example.ro',
} as const;
