/**
 * The keyboard of a set of controls that is one tab stop (WAI-ARIA APG: tabs, accordion headers):
 * the arrow keys of its orientation move to the next or previous control, wrapping, Home and End
 * to the first and last. Answers the index the key leads to, or undefined for any other key.
 */
export function rovingTarget(key: string, index: number, count: number, orientation: 'horizontal' | 'vertical'): number | undefined {
  const last = count - 1;
  const [next, previous] = orientation === 'horizontal' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowDown', 'ArrowUp'];
  if (key === next) return index === last ? 0 : index + 1;
  if (key === previous) return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}
