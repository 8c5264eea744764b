import { Container, PageHeading } from '@site/shared-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

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
