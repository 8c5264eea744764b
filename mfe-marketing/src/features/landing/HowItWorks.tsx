import { Card, CardList, Section, useTranslation } from '@site/shared-ui';

const FEATURES = ['navigation', 'obstacles', 'questions', 'voice'] as const;

/** The section the header's "features" link and the hero's secondary link lead to. */
export function HowItWorks() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="howItWorks" title={t('landing.howItWorks.title')} intro={t('landing.howItWorks.intro')}>
      <CardList>
        {FEATURES.map((feature) => (
          <Card key={feature}>
            <h3>{t(`landing.howItWorks.${feature}.title`)}</h3>
            <p>{t(`landing.howItWorks.${feature}.description`)}</p>
          </Card>
        ))}
      </CardList>
    </Section>
  );
}
