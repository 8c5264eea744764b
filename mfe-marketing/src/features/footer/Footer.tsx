import { runtimeConfig, SOCIAL_NETWORKS, VisuallyHidden } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { EXTERNAL_LINKS } from '../../config';

const Wrapper = styled.footer`
  margin-top: 2rem;
  padding-block: 2.5rem;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr));
  gap: 2rem;
  h2 { font-size: 1.125rem; margin-top: 0; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
  a { color: ${({ theme }) => theme.color.link}; }
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

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation('marketing');
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> {t('footer.externalSite')}</VisuallyHidden>
    </a>
  );
}

/** The page footer (anchor id footer). Social links come from the runtime configuration. */
export function Footer() {
  const { t } = useTranslation('marketing');
  const social = runtimeConfig().social;
  const networks = SOCIAL_NETWORKS.filter((network) => social[network]);
  return (
    <Wrapper id="footer">
      <div>
        <Brand to="/" aria-label={t('footer.brandHome')}>
          {t('brand', { ns: 'common' })}
        </Brand>
        <p>{t('footer.tagline')}</p>
      </div>
      {networks.length > 0 && (
        <nav aria-labelledby="footer-follow">
          <h2 id="footer-follow">{t('footer.follow')}</h2>
          <ul>
            {networks.map((network) => (
              <li key={network}>
                <ExternalLink href={social[network]!}>{NETWORK_NAMES[network]}</ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <nav aria-labelledby="footer-useful">
        <h2 id="footer-useful">{t('footer.usefulLinks')}</h2>
        <ul>
          {(['anr', 'anrMures', 'anpc'] as const).map((key) => (
            <li key={key}>
              <ExternalLink href={EXTERNAL_LINKS[key]}>{t(`footer.links.${key}`)}</ExternalLink>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-labelledby="footer-news">
        <h2 id="footer-news">{t('footer.news')}</h2>
        <ul>
          {(['legislation', 'report'] as const).map((key) => (
            <li key={key}>
              <ExternalLink href={EXTERNAL_LINKS[key]}>{t(`footer.newsItems.${key}`)}</ExternalLink>
            </li>
          ))}
        </ul>
      </nav>
      <Copyright>{t('footer.copyright', { year: new Date().getFullYear() })}</Copyright>
    </Wrapper>
  );
}
