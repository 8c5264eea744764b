// Who runs the service: the privacy notice and the subscription's terms name them. Configuration,
// never written in the code; required outside local mode, like the secrets.
import type { Operator } from '@site/shared-ui/runtime-config';
import { isLocalMode } from '@site/contract/local-mode';

import { siteEnv, type Env } from './config';

/** Each field of the operator and the variable it is read from. */
export const OPERATOR_VARIABLES = {
  name: 'OPERATOR_NAME',
  address: 'OPERATOR_ADDRESS',
  registration: 'OPERATOR_REGISTRATION',
  email: 'OPERATOR_EMAIL',
} as const satisfies Record<keyof Omit<Operator, 'local'>, string>;

/** What local mode shows where no operator is configured: plainly not a company's details. */
export const LOCAL_OPERATOR: Operator = {
  name: '[LOCAL] Operator not configured (OPERATOR_NAME)',
  address: '[LOCAL] OPERATOR_ADDRESS',
  registration: '[LOCAL] OPERATOR_REGISTRATION',
  email: 'operator@localhost',
  local: true,
};

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The operator from OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_REGISTRATION and OPERATOR_EMAIL.
 * Outside local mode each must be set (a value blank after trimming counts as unset) and the email
 * must be an address, or the start is refused naming the variable; in local mode, what is not set
 * shows LOCAL_OPERATOR's marked value.
 */
export function operatorConfig(env: Env = siteEnv()): Operator {
  const local = isLocalMode(env);
  const read = (field: keyof typeof OPERATOR_VARIABLES): string => {
    const name = OPERATOR_VARIABLES[field];
    const value = env[name]?.trim() ?? '';
    if (value) return value;
    if (local) return LOCAL_OPERATOR[field];
    throw new Error(
      `${name} must be set: the privacy notice and the terms name the service's operator (NODE_ENV is ${env.NODE_ENV === undefined ? 'unset' : `"${env.NODE_ENV}"`}; only development and test run with local defaults)`,
    );
  };
  const operator = { name: read('name'), address: read('address'), registration: read('registration'), email: read('email') };
  if (!EMAIL.test(operator.email)) throw new Error(`${OPERATOR_VARIABLES.email} must be an email address (it is "${operator.email}")`);
  const configured = Object.values(OPERATOR_VARIABLES).every((name) => env[name]?.trim());
  return { ...operator, local: local && !configured };
}
