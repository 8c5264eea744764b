/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle';
import { themes } from './themes';

describe("the site's global style", () => {
  // styled-components inserts its global rules again in the browser as the page hydrates: a font
  // face among them would change the fonts of the whole document, laid out again on every text node
  // (the faces are in the page's first style: @site/rendering's siteFonts.cjs).
  it('declares no font face, and holds the rules of the whole document', () => {
    const sheet = new ServerStyleSheet();
    try {
      renderToString(
        sheet.collectStyles(
          <ThemeProvider theme={themes.dark}>
            <GlobalStyle />
          </ThemeProvider>,
        ),
      );
      const css = sheet.getStyleTags();
      expect(css).toContain('box-sizing:border-box');
      expect(css).not.toContain('@font-face');
    } finally {
      sheet.seal();
    }
  });
});
