import { Link, Section, useTranslation } from '@site/shared-ui';

/** Who builds the app: said on /aboutus, which this leads to (the landing page does not repeat it). */
export function Team() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="team" title={t('landing.team.title')} intro={t('landing.team.intro')}>
      <p>
        <Link to="/aboutus">{t('landing.team.link')}</Link>
      </p>
    </Section>
  );
}
