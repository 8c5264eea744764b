/**
 * @jest-environment node
 */
import { PageHeading } from '@site/shared-ui';
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

  it('answers the document title the page sets (its heading · the brand), none for a page that sets none', async () => {
    expect((await renderPage('/contact', { default: () => <PageHeading>Contact</PageHeading> })).title).toBe('Contact · Vedere');
    expect((await renderPage('/', { default: () => <PageHeading title="Bun venit">Bun venit, Ana</PageHeading> })).title).toBe('Bun venit · Vedere');
    expect((await renderPage('/', { default: () => <h1>Bun venit</h1> })).title).toBeNull();
  });

  it('fails for a page that throws, instead of sending a page left for the browser to render', async () => {
    const Broken = () => {
      throw new Error('a release whose page throws');
    };
    await expect(renderPage('/', { default: Broken })).rejects.toThrow('/ failed to render on the server');
  });
});
