import { CONTACT_FIELD_LIMITS, EMAIL_PATTERN, ErrorSummary, SubmitWithStatus, TextField, useFormValidation, useSubmission, useTranslation } from '@site/shared-ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendContactMessage } from '../../api/publicCalls';

// Each field's maxlength is the service's own limit: a field never accepts what the service refuses.
const FIELDS = [
  { name: 'firstname', autoComplete: 'given-name', maxLength: CONTACT_FIELD_LIMITS.firstname },
  { name: 'lastname', autoComplete: 'family-name', maxLength: CONTACT_FIELD_LIMITS.lastname },
  { name: 'email', autoComplete: 'email', maxLength: CONTACT_FIELD_LIMITS.email, type: 'email' },
  { name: 'subject', autoComplete: 'off', maxLength: CONTACT_FIELD_LIMITS.subject },
  { name: 'message', autoComplete: 'off', maxLength: CONTACT_FIELD_LIMITS.message, multiline: true },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];
const fieldId = (name: FieldName) => `contact-${name}`;

/**
 * The contact form. On submit: an error summary linked to the fields (focused), or a real
 * POST /contact. Success is announced and the form cleared; on failure everything typed stays.
 */
export function ContactForm() {
  const { t } = useTranslation('marketing');
  const labels = Object.fromEntries(FIELDS.map(({ name }) => [name, t(`contact.fields.${name}`)])) as Record<FieldName, string>;
  const { message, validate, revalidate, summary } = useFormValidation(labels);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const submission = useSubmission();
  // One key per submission: kept while the same message is sent again after a failure, new once
  // it is sent or its content changes.
  const submissionKey = useRef<{ key: string; content: string } | null>(null);

  // After a submit with errors, the summary takes focus (once it has rendered).
  useEffect(() => {
    if (attempt > 0) summaryRef.current?.focus();
  }, [attempt]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submission.clear();
    const values = validate(form);
    if (!values) {
      setAttempt((n) => n + 1);
      return;
    }
    const content = JSON.stringify(values);
    if (submissionKey.current?.content !== content) submissionKey.current = { key: crypto.randomUUID(), content };
    const { key } = submissionKey.current;
    await submission.send(
      form,
      async () => {
        const result = await sendContactMessage(values, key);
        if (result.ok) submissionKey.current = null;
        return result;
      },
      values.email,
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
      <p>{t('contact.requiredNote')}</p>
      {summary.length > 0 && <ErrorSummary ref={summaryRef} headingLevel={3} items={summary.map(({ name, message: text }) => ({ fieldId: fieldId(name), message: text }))} />}
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={fieldId(field.name)}
          name={field.name}
          label={labels[field.name]}
          required
          autoComplete={field.autoComplete}
          maxLength={field.maxLength}
          type={'type' in field ? field.type : 'text'}
          pattern={'type' in field ? EMAIL_PATTERN : undefined}
          multiline={'multiline' in field}
          error={message(field.name)}
          onValueChange={revalidate}
        />
      ))}
      <SubmitWithStatus submission={submission} submit={t('contact.submit')} sending={t('contact.sending')} success={(email) => t('contact.success', { email })} />
    </form>
  );
}
