import { Container, Link, PageHeading, useTranslation } from '@site/shared-ui';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Container>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </Container>
  );
}
