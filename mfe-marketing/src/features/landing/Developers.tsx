import { Link, Section, useTranslation } from '@site/shared-ui';

export function Developers() {
  const { t } = useTranslation('marketing');
  return (
    <Section id="developers" title={t('landing.developers.title')} intro={t('landing.developers.text')}>
      <p>
        <Link to="/accessibility">{t('landing.developers.link')}</Link>
      </p>
    </Section>
  );
}
