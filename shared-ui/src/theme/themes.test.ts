import { themes } from './themes';
import { contrast } from '../testing/contrast';

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
