import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from '../primitives/VisuallyHidden';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  margin-bottom: 1.25rem;
  label {
    font-weight: 600;
  }
`;

const controlStyles = css<{ $invalid: boolean }>`
  font: inherit;
  width: 100%;
  min-height: ${({ theme }) => theme.layout.minTarget};
  padding: 0.5rem 0.75rem;
  border-radius: 0.5rem;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme }) => theme.color.background};
  border: 2px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  &::placeholder {
    color: ${({ theme }) => theme.color.textMuted};
    opacity: 1;
  }
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
`;
const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${controlStyles}
  min-height: 10rem;
  resize: vertical;
`;

const ErrorText = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.danger};
`;

export const RequiredMark = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.color.textMuted};
`;

type Props = {
  id: string;
  name: string;
  label: string;
  error?: string;
  /** The error's language, where it is not the page's (a message quoted from an English-only widget). */
  errorLang?: string;
  multiline?: boolean;
  onValueChange?: (control: HTMLInputElement | HTMLTextAreaElement) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'required' | 'autoComplete' | 'maxLength' | 'placeholder' | 'pattern' | 'inputMode' | 'disabled'>;

/**
 * A labelled text field. A required field says so in its label; an error is shown above the
 * control, announced with it (aria-describedby) and marks it aria-invalid.
 */
export function TextField({ id, name, label, error, errorLang, multiline, onValueChange, required, type = 'text', ...rest }: Props) {
  const { t } = useTranslation('common');
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required,
    $invalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValueChange?.(event.currentTarget),
  };
  return (
    <Field>
      <label htmlFor={id}>
        {label}
        {/* One text node: a server-drawn space and word apart (React marks them with a comment) lose the space in the field's accessible name. */}
        {required && <RequiredMark>{` ${t('forms.required')}`}</RequiredMark>}
      </label>
      {error && (
        <ErrorText id={errorId}>
          <VisuallyHidden>{t('forms.errorPrefix')} </VisuallyHidden>
          {errorLang ? <span lang={errorLang}>{error}</span> : error}
        </ErrorText>
      )}
      {multiline ? <TextArea {...shared} maxLength={rest.maxLength} placeholder={rest.placeholder} disabled={rest.disabled} /> : <Input {...shared} type={type} {...rest} />}
    </Field>
  );
}
