// The longest text each form field may hold, as the service's schemas check it. No imports: the
// front ends' forms read these through shared-ui (as maxlength), and their browser bundles take
// this file alone, never the service's code.

/** An email address (RFC 5321's limit on a path). */
export const EMAIL_MAX_LENGTH = 254;

/** POST /contact: each field of a contact message. */
export const CONTACT_FIELD_LIMITS = {
  firstname: 100,
  lastname: 100,
  email: EMAIL_MAX_LENGTH,
  subject: 200,
  message: 5000,
} as const;
