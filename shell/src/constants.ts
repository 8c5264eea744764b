/** The shell's constants (docs/product.md, "Plans and constants"), named once. */
export const SCROLL_TO_TOP_THRESHOLD_PX = 400;

/** Sites the footer links to. */
export const EXTERNAL_LINKS = {
  anr: 'https://anvr.ro/',
  anrMures: 'http://anvrmures.ro/',
  anpc: 'https://anpc.ro/',
} as const;
