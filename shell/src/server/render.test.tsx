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

describe('the server render of a signed-in page, for a visitor who looks signed in (the login cookie)', () => {
  it("draws the layout around the guard's loading status, as the browser's first render does before the session is known: no page needed", async () => {
    const { html, title } = await renderPage('/pricing', null, { signedIn: true });
    expect(html).toContain('<header');
    expect(html).toMatch(/<p[^>]* role="status"[^>]*>Se încarcă/);
    // The header offers the account where a visitor signed out is offered the login.
    expect(html).toContain('href="/account"');
    expect(html).not.toContain('href="/login"');
    expect(title).toBeNull();
  });

  it('offers the login to a visitor signed out, the account to one who looks signed in', async () => {
    const page = { default: () => <h1>Bun venit</h1> };
    expect((await renderPage('/', page)).html).toContain('href="/login"');
    expect((await renderPage('/', page, { signedIn: true })).html).toContain('href="/account"');
  });

  it('fails for a route that would show a page without one', async () => {
    await expect(renderPage('/', null, { signedIn: true })).rejects.toThrow('/ failed to render on the server');
  });
});
