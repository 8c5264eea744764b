import { Container, PageIntro, StaticPart, useTranslation } from '@site/shared-ui';
import '../../i18n/register';
import { FounderCards } from './FounderCard';

/** Who the team is and why they build the app, in the words the site already uses for it. */
export default function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container>
      <PageIntro title={t('about.title')} description={t('about.description')} />
      <StaticPart name="about-text">
        <AboutText />
      </StaticPart>
    </Container>
  );
}

/** Why and who (static: a page hydrated in the browser keeps the server's HTML of it). */
function AboutText() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <section aria-labelledby="why-title">
        <h2 id="why-title">{t('about.whyTitle')}</h2>
        <p>{t('landing.subtitle')}</p>
      </section>
      <section aria-labelledby="founders-title">
        <h2 id="founders-title">{t('about.foundersTitle')}</h2>
        <p>{t('landing.team.intro')}</p>
        <FounderCards headingLevel="h3" />
      </section>
    </>
  );
}
