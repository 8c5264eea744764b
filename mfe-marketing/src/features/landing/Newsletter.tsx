import {
  currentLocale,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  RefusalAnnouncement,
  Section,
  SubmitWithStatus,
  TextField,
  useFormValidation,
  useSubmission,
  useTranslation,
} from '@site/shared-ui';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { subscribeToNewsletter } from '../../api/publicCalls';

const Form = styled.form`
  max-width: 32rem;
`;

/**
 * One email field and a button. It asks for a subscription (POST /newsletter): the service mails
 * a confirmation link, and the subscription starts only once it is followed (double opt-in), so
 * the success says to check the inbox. Any address is answered the same (subscribed already or
 * not: only its owner learns which). The outcome is announced through live regions.
 */
export function Newsletter() {
  const { t } = useTranslation('marketing');
  const { message, validate, revalidate, announcement } = useFormValidation({ email: t('landing.newsletter.label') });
  const submission = useSubmission();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submission.clear();
    const values = validate(form);
    if (!values) {
      (form.elements.namedItem('email') as HTMLInputElement).focus();
      return;
    }
    await submission.send(form, () => subscribeToNewsletter(values.email, currentLocale()), values.email);
  };

  return (
    <Section id="newsletter" title={t('landing.newsletter.title')} intro={t('landing.newsletter.text')}>
      <Form noValidate onSubmit={onSubmit} aria-labelledby="newsletter-title">
        <TextField
          id="newsletter-email"
          name="email"
          type="email"
          label={t('landing.newsletter.label')}
          placeholder={t('landing.newsletter.placeholder')}
          autoComplete="email"
          pattern={EMAIL_PATTERN}
          maxLength={EMAIL_MAX_LENGTH}
          required
          error={message('email')}
          onValueChange={revalidate}
        />
        <SubmitWithStatus
          submission={submission}
          submit={t('landing.newsletter.submit')}
          sending={t('landing.newsletter.sending')}
          success={(email) => t('landing.newsletter.success', { email })}
        />
        <RefusalAnnouncement text={announcement} />
      </Form>
    </Section>
  );
}
