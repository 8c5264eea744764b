import { Container, Link, PageIntro, StaticPart, useTranslation } from '@site/shared-ui';
import '../../i18n/register';

const LIST_SECTIONS = ['commitment', 'testing', 'limits'] as const;

export default function AccessibilityPage() {
  const { t } = useTranslation('marketing');
  return (
    <Container>
      <PageIntro title={t('accessibility.title')} description={t('accessibility.description')} />
      <StaticPart name="accessibility-statement">
        <Statement />
      </StaticPart>
    </Container>
  );
}

/** The statement's text (static: a page hydrated in the browser keeps the server's HTML of it). */
function Statement() {
  const { t } = useTranslation('marketing');
  return (
    <>
      {LIST_SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`a11y-${key}`}>
          <h2 id={`a11y-${key}`}>{t(`accessibility.sections.${key}.title`)}</h2>
          {(t(`accessibility.sections.${key}.body`, { returnObjects: true }) as string[]).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      <section aria-labelledby="a11y-report">
        <h2 id="a11y-report">{t('accessibility.sections.report.title')}</h2>
        <p>{t('accessibility.sections.report.body')}</p>
        <p>
          <Link to="/contact">{t('accessibility.sections.report.link')}</Link>
        </p>
      </section>
      <p>{t('accessibility.updated')}</p>
    </>
  );
}
