import { themes } from './themes';

// WCAG relative luminance and contrast ratio.
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe.each(['dark', 'light'] as const)('the %s theme', (name) => {
  const { color } = themes[name];
  const backgrounds = ['background', 'surface', 'surfaceRaised'] as const;
  const texts = ['text', 'textMuted', 'link', 'danger', 'success', 'highlight'] as const;

  it.each(texts.flatMap((fg) => backgrounds.map((bg) => [fg, bg] as const)))('gives %s on %s a contrast of 7:1 or better (AAA)', (fg, bg) => {
    expect(contrast(color[fg], color[bg])).toBeGreaterThanOrEqual(7);
  });

  it('gives text on the accent colour (buttons) 7:1 or better', () => {
    expect(contrast(color.onAccent, color.accent)).toBeGreaterThanOrEqual(7);
  });

  it('gives the focus ring and borders at least 3:1 against the page (non-text contrast)', () => {
    expect(contrast(color.focus, color.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(color.border, color.background)).toBeGreaterThanOrEqual(3);
  });
});
