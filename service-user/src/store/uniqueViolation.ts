/**
 * PostgreSQL's unique_violation (23505), as pg and PGlite both report it: what a check-then-insert
 * meets when a concurrent transaction inserted the same key between the check and the insert.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
