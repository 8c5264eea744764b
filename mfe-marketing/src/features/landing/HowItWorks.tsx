import { Card, CardList, Section, useTranslation } from '@site/shared-ui';

/** Everything the app does (docs/product.md, "What the app does"), said once on the landing page. */
const FEATURES = ['navigation', 'obstacles', 'questions', 'reading', 'colours', 'touchAndVoice', 'voiceCommands'] as const;

/** What the app does: the section the header's "features" link and the hero's secondary link lead to. */
export function HowItWorks() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="howItWorks" title={t('landing.howItWorks.title')} intro={t('landing.howItWorks.intro')}>
      {/* Seven: four and three on a wide screen. */}
      <CardList $wide={4}>
        {FEATURES.map((feature) => (
          <Card key={feature}>
            <h3>{t(`landing.features.${feature}.title`)}</h3>
            <p>{t(`landing.features.${feature}.description`)}</p>
          </Card>
        ))}
      </CardList>
    </Section>
  );
}
