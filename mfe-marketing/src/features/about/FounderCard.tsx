import { useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import { IMAGE_SIZES } from '../../constants';
import { FOUNDERS } from './founders';

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
  gap: 1.5rem;
  list-style: none;
  padding: 0;
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.layout.radius};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  img {
    width: 8rem;
    height: auto;
    border-radius: 50%;
  }
  p {
    margin: 0;
  }
`;

const Role = styled.p`
  font-weight: 600;
  color: ${({ theme }) => theme.color.textMuted};
`;

/** The two founder cards (image, name, role, description), headed at the level of their section. */
export function FounderCards({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
  const { t } = useTranslation('marketing');
  const Name = headingLevel;
  return (
    <Cards>
      {FOUNDERS.map(({ key, image }) => (
        <Card key={key}>
          <img src={image} alt={t(`founders.${key}.alt`)} {...IMAGE_SIZES.founderPortrait} loading="lazy" decoding="async" />
          <Name>{t(`founders.${key}.name`)}</Name>
          <Role>{t(`founders.${key}.role`)}</Role>
          <p>{t(`founders.${key}.description`)}</p>
        </Card>
      ))}
    </Cards>
  );
}
