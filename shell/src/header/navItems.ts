/** The header's links (docs/product.md, "Header, footer and navigation"), by translation key. */
export interface NavItem {
  to: string;
  labelKey: string;
  /** Exact match for aria-current (the home link would otherwise be current everywhere). */
  end?: boolean;
  /** A link to a section of a page: never marked as the current page. */
  section?: boolean;
}

export const navItems: NavItem[] = [
  { to: '/', labelKey: 'nav.home', end: true },
  { to: '/aboutus', labelKey: 'nav.about' },
  { to: '/#howItWorks', labelKey: 'nav.features', section: true },
  { to: '/contact', labelKey: 'nav.contact' },
  { to: '/#plans', labelKey: 'nav.pricing', section: true },
  { to: '/login', labelKey: 'nav.login' },
];

/** Who is signed in sees their account where others see "login". */
export const accountItem: NavItem = { to: '/account', labelKey: 'nav.account' };

/**
 * Who is signed in sees the pricing page (the payment provider's table, to subscribe) where a
 * visitor sees the landing page's plans section: the prices, before any sign-in.
 */
export const pricingItem: NavItem = { to: '/pricing', labelKey: 'nav.pricing' };

/** The header's links for a visitor, or for a signed-in user. */
export const navItemsFor = (signedIn: boolean): NavItem[] =>
  signedIn ? navItems.map((item) => (item.to === '/login' ? accountItem : item.labelKey === pricingItem.labelKey ? pricingItem : item)) : navItems;
