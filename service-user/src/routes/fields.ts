import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '@site/contract/field-limits';

/**
 * A NUL byte cannot be stored in a PostgreSQL text column (the database refuses the statement):
 * every text field the service accepts refuses it at validation, a 400 naming the field.
 */
export const withoutNul = z.string().refine((value) => !value.includes('\u0000'), { message: 'must not contain a NUL byte' });

/** Free text of at most `max` characters, trimmed, not empty. */
export const text = (max: number) => withoutNul.trim().min(1).max(max);

export const email = withoutNul.trim().max(EMAIL_MAX_LENGTH).pipe(z.email());
