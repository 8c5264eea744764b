import { Section, useTranslation } from '@site/shared-ui';
import { FounderCards } from '../founders/FounderCard';

export function Team() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="team" title={t('landing.team.title')} intro={t('landing.team.intro')}>
      <FounderCards headingLevel="h3" />
    </Section>
  );
}
