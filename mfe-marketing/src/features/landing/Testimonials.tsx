import { Card, CardList, Section, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';

const TESTIMONIALS = ['commute', 'reading', 'colours'] as const;

const Quote = styled.figure`
  margin: 0;
  blockquote {
    margin: 0 0 0.75rem;
    font-size: ${({ theme }) => theme.type.size.body};
  }
  figcaption {
    font-weight: 600;
  }
`;

export function Testimonials() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="testimonials" title={t('landing.testimonials.title')} intro={t('landing.testimonials.intro')}>
      <CardList>
        {TESTIMONIALS.map((key) => (
          <Card key={key}>
            <Quote>
              <blockquote>{t(`landing.testimonials.items.${key}.quote`)}</blockquote>
              <figcaption>
                {t(`landing.testimonials.items.${key}.name`)}, {t(`landing.testimonials.items.${key}.detail`)}
              </figcaption>
            </Quote>
          </Card>
        ))}
      </CardList>
    </Section>
  );
}
