/** The header's links (spec section 2, "Header and navigation"), by translation key. */
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
  { to: '/pricing', labelKey: 'nav.pricing' },
  { to: '/login', labelKey: 'nav.login' },
];

/** Who is signed in sees their account where others see "login". */
export const accountItem: NavItem = { to: '/account', labelKey: 'nav.account' };
