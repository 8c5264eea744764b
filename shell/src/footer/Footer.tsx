import { AndroidAppLink, Container, IphoneAppStatus, Link, runtimeConfig, SOCIAL_NETWORKS, StaticPart, useTranslation, VisuallyHidden } from '@site/shared-ui';
import { startTransition, useEffect, useState } from 'react';
import styled from 'styled-components';
import { EXTERNAL_LINKS } from '../constants';

const Wrapper = styled.footer`
  margin-top: 2rem;
  padding-block: 2.5rem;
  border-top: 1px solid ${({ theme }) => theme.color.border};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  gap: 2rem;
  h2 {
    font-size: ${({ theme }) => theme.type.size.body};
    margin-top: 0;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 0.5rem;
  }
  a {
    color: ${({ theme }) => theme.color.link};
  }
`;

const Brand = styled(Link)`
  font-size: 1.5rem;
  font-weight: 700;
`;

const Copyright = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const NETWORK_NAMES = { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' } as const;

/** A titled list of links to other sites, each saying that it opens another site. */
function ExternalLinks({ id, title, links }: { id: string; title: string; links: { href: string; label: string }[] }) {
  const { t } = useTranslation('shell');
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map(({ href, label }) => (
          <li key={label}>
            <a href={href} target="_blank" rel="noopener noreferrer">
              {label}
              <VisuallyHidden> {t('footer.externalSite')}</VisuallyHidden>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A titled list of the site's own pages. */
function SiteLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where to find help, in the same place on every page (WCAG 3.2.6). */
function HelpLinks() {
  const { t } = useTranslation('shell');
  const links = [
    { to: '/contact', key: 'contact' },
    { to: '/#faq', key: 'faq' },
    { to: '/accessibility', key: 'accessibility' },
  ] as const;
  return <SiteLinks id="footer-help" title={t('footer.help')} links={links.map(({ to, key }) => ({ to, label: t(`footer.helpLinks.${key}`) }))} />;
}

/** The pages a paying customer looks for: the prices, the privacy notice and the subscription's terms. */
function ServiceLinks() {
  const { t } = useTranslation('shell');
  const links = [
    { to: '/#plans', label: t('footer.prices') },
    { to: '/privacy', label: t('legal.privacy', { ns: 'common' }) },
    { to: '/terms', label: t('legal.terms', { ns: 'common' }) },
  ];
  return <SiteLinks id="footer-service" title={t('footer.service')} links={links} />;
}

const AppLinks = styled.div`
  display: grid;
  gap: 0.75rem;
  justify-items: start;
  p {
    margin: 0;
  }
`;

/**
 * The current year, for the copyright line; none in a server render. A prerendered page's HTML is
 * kept by the site's server for as long as it runs, and drawn in the server's time zone: a year in
 * it would be last year's after New Year, or another zone's on New Year's Eve, and hydrating it a
 * mismatch, reported against the page's remote. The browser adds the year once it has drawn the
 * footer, in a transition: an update React would draw at once (a store's) would make it finish
 * the page's hydration in that one task.
 */
function useCurrentYear(): number | null {
  const [year, setYear] = useState<number | null>(null);
  useEffect(() => {
    startTransition(() => setYear(new Date().getFullYear()));
  }, []);
  return year;
}

/** The footer's lists of links (static: a page hydrated in the browser keeps the server's HTML of them). */
function FooterLinks() {
  const { t } = useTranslation('shell');
  const social = runtimeConfig().social;
  const networks = SOCIAL_NETWORKS.filter((network) => social[network]);
  return (
    <>
      <HelpLinks />
      <ServiceLinks />
      {networks.length > 0 && (
        <ExternalLinks id="footer-follow" title={t('footer.follow')} links={networks.map((network) => ({ href: social[network]!, label: NETWORK_NAMES[network] }))} />
      )}
      <ExternalLinks
        id="footer-useful"
        title={t('footer.usefulLinks')}
        links={(['anr', 'anrMures', 'anpc'] as const).map((key) => ({ href: EXTERNAL_LINKS[key], label: t(`footer.links.${key}`) }))}
      />
    </>
  );
}

/**
 * The site's footer (anchor id footer), the shell's on every page, outside main (the page's
 * contentinfo landmark). Social links come from the runtime configuration.
 */
export function Footer() {
  const { t } = useTranslation('shell');
  const year = useCurrentYear();
  return (
    <Wrapper id="footer">
      <Container>
        <Columns>
          <div>
            <Brand to="/" aria-label={t('footer.brandHome')}>
              {t('brand', { ns: 'common' })}
            </Brand>
            <p>{t('footer.tagline')}</p>
            <AppLinks>
              <AndroidAppLink variant="secondary" />
              <IphoneAppStatus />
            </AppLinks>
          </div>
          <StaticPart name="footer-links">
            <FooterLinks />
          </StaticPart>
          <Copyright>{year === null ? t('footer.copyrightUndated') : t('footer.copyright', { year })}</Copyright>
        </Columns>
      </Container>
    </Wrapper>
  );
}
