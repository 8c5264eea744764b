import { linkStylesheet } from './widgetStylesheet';

const link = () => document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;

beforeEach(() => {
  document.head.innerHTML = '';
});

describe("the widget's stylesheet", () => {
  it('is linked once, and its promise settles when it applies', async () => {
    const first = linkStylesheet();
    const again = linkStylesheet();
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
    link().dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
  });

  it('never leaves a later visit waiting on a stylesheet that failed long before (its events past)', async () => {
    const first = linkStylesheet();
    link().dispatchEvent(new Event('error'));
    await first;
    // A later visit to /login in the same page: the link is there, without a sheet, its error gone.
    await expect(linkStylesheet()).resolves.toBeUndefined();
  });
});
