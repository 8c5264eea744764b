import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type FieldProblem = 'required' | 'email' | 'tooLong';
type Control = HTMLInputElement | HTMLTextAreaElement;

/**
 * An address with a domain ending in 2 to 63 letters or digits (the sign-in widget's rule, and
 * what the user service accepts); the browser checks it through the `pattern` attribute.
 */
export const EMAIL_PATTERN = '[^@\\s]+@[^@\\s]+\\.[A-Za-z0-9]{2,63}';

/**
 * What is wrong with a field, read from the browser's own constraint validation (required,
 * type=email, pattern, maxlength). Whitespace alone counts as empty: the service trims it.
 */
export function fieldProblem(control: Control): FieldProblem | null {
  if (control.required && control.value.trim() === '') return 'required';
  if (control.validity.typeMismatch || control.validity.patternMismatch) return 'email';
  if (control.validity.tooLong) return 'tooLong';
  return null;
}

function controlOf(form: HTMLFormElement, name: string): Control {
  const control = form.elements.namedItem(name);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) {
    throw new Error(`The form has no field named ${name}`);
  }
  return control;
}

/**
 * Validation of a form whose fields are named in `labels` (name → visible label). Problems are
 * kept, not messages, so that a change of language re-translates what is shown.
 */
export function useFormValidation<F extends string>(labels: Record<F, string>) {
  const { t } = useTranslation('common');
  const [problems, setProblems] = useState<Partial<Record<F, FieldProblem>>>({});
  const [announcement, setAnnouncement] = useState('');
  const names = Object.keys(labels) as F[];

  const message = (name: F): string | undefined => {
    const problem: FieldProblem | undefined = problems[name];
    return problem ? t(`forms.errors.${problem}`, { field: labels[name] }) : undefined;
  };

  /** Checks every field; answers the trimmed values, or null when something must be corrected. */
  const validate = (form: HTMLFormElement): Record<F, string> | null => {
    const found: Partial<Record<F, FieldProblem>> = {};
    const values = {} as Record<F, string>;
    for (const name of names) {
      const control = controlOf(form, name);
      values[name] = control.value.trim();
      const problem = fieldProblem(control);
      if (problem) found[name] = problem;
    }
    setProblems(found);
    // What this attempt must correct, as it was when submitted (typing afterwards changes the
    // messages beside the fields, not this). The same words twice in a row differ by a trailing
    // no-break space, so that a live region says them again.
    const said = names
      .filter((name) => found[name])
      .map((name) => `${t('forms.errorPrefix')} ${t(`forms.errors.${found[name] as FieldProblem}`, { field: labels[name] })}`)
      .join(' ');
    setAnnouncement((before) => (said && before === said ? `${said}\u00a0` : said));
    return Object.keys(found).length === 0 ? values : null;
  };

  /** Once a field has been flagged, its message follows what the user types. */
  const revalidate = useCallback((control: Control) => {
    setProblems((current) => {
      const name = control.name as F;
      if (!(name in current)) return current;
      const next = { ...current };
      const problem = fieldProblem(control);
      if (problem) next[name] = problem;
      else delete next[name];
      return next;
    });
  }, []);

  const summary = names.filter((name) => problems[name]).map((name) => ({ name, message: message(name)! }));
  return { message, validate, revalidate, summary, announcement, reset: () => setProblems({}) };
}
