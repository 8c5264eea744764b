import { rovingTarget } from './rovingFocus';

describe('the keys of a set of controls that is one tab stop (APG)', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 2, 0],
    ['ArrowLeft', 1, 0],
    ['ArrowLeft', 0, 2],
    ['Home', 2, 0],
    ['End', 0, 2],
  ])('horizontal: %s from %i leads to %i (wrapping)', (key, from, to) => {
    expect(rovingTarget(key, from, 3, 'horizontal')).toBe(to);
  });

  it.each([
    ['ArrowDown', 0, 1],
    ['ArrowDown', 2, 0],
    ['ArrowUp', 1, 0],
    ['ArrowUp', 0, 2],
    ['Home', 1, 0],
    ['End', 1, 2],
  ])('vertical: %s from %i leads to %i (wrapping)', (key, from, to) => {
    expect(rovingTarget(key, from, 3, 'vertical')).toBe(to);
  });

  it("leaves the other orientation's arrows and every other key alone", () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'Enter', ' ', 'Tab', 'a']) expect(rovingTarget(key, 1, 3, 'horizontal')).toBeUndefined();
    for (const key of ['ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Tab']) expect(rovingTarget(key, 1, 3, 'vertical')).toBeUndefined();
  });

  it('stays on a lone control', () => {
    expect(rovingTarget('ArrowRight', 0, 1, 'horizontal')).toBe(0);
    expect(rovingTarget('ArrowUp', 0, 1, 'vertical')).toBe(0);
  });
});
