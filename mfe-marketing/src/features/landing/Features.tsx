import { Card, CardList, Section, useTranslation } from '@site/shared-ui';

/** Everything the app does (spec section 1). */
const FEATURES = ['navigation', 'obstacles', 'questions', 'reading', 'colours', 'touchAndVoice', 'voiceCommands'] as const;

export function Features() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="features" title={t('landing.features.title')} intro={t('landing.features.intro')}>
      <CardList>
        {FEATURES.map((feature) => (
          <Card key={feature}>
            <h3>{t(`landing.features.items.${feature}.title`)}</h3>
            <p>{t(`landing.features.items.${feature}.description`)}</p>
          </Card>
        ))}
      </CardList>
    </Section>
  );
}
