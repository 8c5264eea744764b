import { Section, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import anr from '../../assets/partner-anr.svg';
import carteaCalatoare from '../../assets/partner-cartea-calatoare.svg';
import { IMAGE_SIZES } from '../../constants';

const PARTNERS = [
  { key: 'anr', logo: anr },
  { key: 'cartea', logo: carteaCalatoare },
] as const;

/**
 * Each logo on the same plate, in both themes (the logos keep their own colours; the plate frames
 * them alike instead of leaving a light block glaring on the dark theme), in a grid whose columns
 * are as many as there are logos: no hole.
 */
const Logos = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
  gap: 1.5rem;
  list-style: none;
  padding: 0;
  li {
    display: flex;
    justify-content: center;
    padding: 1rem;
    border-radius: ${({ theme }) => theme.layout.radius};
    background: ${({ theme }) => theme.color.surfaceRaised};
    border: 1px solid ${({ theme }) => theme.color.border};
  }
  img {
    display: block;
    height: ${IMAGE_SIZES.partnerLogo.height}px;
    width: auto;
    max-width: 100%;
    object-fit: contain;
    border-radius: ${({ theme }) => theme.layout.radius};
  }
  /* At narrow widths the logo shrinks with the page rather than overflow it. */
  @media (max-width: 30rem) {
    img {
      height: auto;
    }
  }
`;

/** Partner organisations (anchor id sponsors): two logos 200px tall with rounded corners. */
export function Partners() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="sponsors" title={t('landing.partners.title')} intro={t('landing.partners.intro')}>
      <Logos>
        {PARTNERS.map(({ key, logo }) => (
          <li key={key}>
            <img src={logo} alt={t(`partners.${key}`)} {...IMAGE_SIZES.partnerLogo} loading="lazy" decoding="async" />
          </li>
        ))}
      </Logos>
    </Section>
  );
}
