/**
 * @jest-environment node
 */
import { renderPage } from './render';

// As the shell's server build does (its webpack alias): the page is the one handed to the render.
jest.mock('../remotes/federation', () => jest.requireActual('./serverPages'));

describe('the server render of a page', () => {
  it("draws the page inside the shell's layout, with its styles", async () => {
    const { html, styles } = await renderPage('/', { default: () => <h1>Bun venit</h1> });
    expect(html).toContain('<h1>Bun venit</h1>');
    expect(html).toContain('<header');
    expect(styles).toContain('<style');
  });

  it('fails for a page that throws, instead of sending a page left for the browser to render', async () => {
    const Broken = () => {
      throw new Error('a release whose page throws');
    };
    await expect(renderPage('/', { default: Broken })).rejects.toThrow('/ failed to render on the server');
  });
});
