import { Container, currentLocale, PageIntro, runtimeConfig, useTranslation } from '@site/shared-ui';
import styled from 'styled-components';
import '../../i18n/register';
import { ContactForm } from './ContactForm';

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.5fr);
  gap: 2.5rem;
  align-items: start;
  padding-bottom: 3rem;
  @media (max-width: ${({ theme }) => theme.layout.narrowBreakpoint}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Details = styled.dl`
  display: grid;
  gap: 0.25rem;
  dt {
    font-weight: 600;
    margin-top: 0.75rem;
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.type.size.body};
  }
  a {
    color: ${({ theme }) => theme.color.link};
  }
`;

/** Phone numbers are dialled without spaces. */
const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

export default function ContactPage() {
  const { t } = useTranslation('marketing');
  // Re-read on a language change: the details are configured per locale.
  const { phone, email } = runtimeConfig().contact[currentLocale()];
  return (
    <Container>
      <Columns>
        <div>
          <PageIntro title={t('contact.title')} description={t('contact.description')} />
          <section aria-labelledby="contact-details-title">
            <h2 id="contact-details-title">{t('contact.detailsTitle')}</h2>
            <Details>
              {phone && (
                <>
                  <dt>{t('contact.phone')}</dt>
                  <dd>
                    <a href={telHref(phone)}>{phone}</a>
                  </dd>
                </>
              )}
              {email && (
                <>
                  <dt>{t('contact.email')}</dt>
                  <dd>
                    <a href={`mailto:${email}`}>{email}</a>
                  </dd>
                </>
              )}
            </Details>
          </section>
        </div>
        <ContactForm />
      </Columns>
    </Container>
  );
}
