import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setLocale } from '../i18n/i18n';
import { SiteProviders } from '../SiteProviders';
import { expectNoAxeViolations } from '../testing/axe';
import { renderWithSite } from '../testing/renderWithSite';
import { FormStatus, RefusalAnnouncement, SubmitWithStatus } from './FormStatus';

beforeEach(() => act(() => setLocale('ro')));

/** The same tree renderWithSite draws, for a rerender with new props. */
const inSite = (ui: ReactElement) => (
  <SiteProviders>
    <MemoryRouter>{ui}</MemoryRouter>
  </SiteProviders>
);

describe("a form's outcome", () => {
  it('keeps its two live regions on the page from the start, empty, so that what comes later is announced', () => {
    renderWithSite(<FormStatus />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('says the wait while the form is sent, then the success, politely, in the same region', () => {
    const { rerender } = renderWithSite(<FormStatus pending="Se trimite…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Se trimite…');
    rerender(inSite(<FormStatus success="Mesajul a fost trimis." />));
    expect(screen.getByRole('status')).toBe(status);
    expect(status).toHaveTextContent('Mesajul a fost trimis.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it.each([
    ['rate_limited', 'Ați trimis prea multe cereri'],
    ['invalid', 'Serverul nu a acceptat datele'],
    ['unavailable', 'serviciul nu răspunde'],
  ] as const)('says a failure (%s) at once, in words, in the alert region', (failure, words) => {
    renderWithSite(<FormStatus failure={failure} />);
    expect(screen.getByRole('alert')).toHaveTextContent(words);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('passes axe while waiting, after a success and after a failure', async () => {
    const { container, rerender } = renderWithSite(<FormStatus pending="Se trimite…" />);
    await expectNoAxeViolations(container);
    rerender(inSite(<FormStatus success="Trimis." />));
    await expectNoAxeViolations(container);
    rerender(inSite(<FormStatus failure="unavailable" />));
    await expectNoAxeViolations(container);
  });
});

describe('the announcement of a refused submission', () => {
  it('says what to correct at once (an alert), out of sight: the message is shown beside the field already', () => {
    renderWithSite(<RefusalAnnouncement text="Eroare: Completați câmpul „Email”." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Eroare: Completați câmpul „Email”.');
    expect(getComputedStyle(alert).position).toBe('absolute');
    expect(getComputedStyle(alert).width).toBe('1px');
  });
});

describe("a form's submit button with its outcome", () => {
  const labels = { submit: 'Trimite', sending: 'Se trimite…', success: (to: string) => `Răspundem la ${to}.` };
  const idle = { sending: false, sentTo: null, failure: null };

  it('says it is sending, takes no second press meanwhile, and announces the wait', () => {
    const { rerender } = renderWithSite(<SubmitWithStatus submission={idle} {...labels} />);
    const button = screen.getByRole('button', { name: 'Trimite' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    rerender(inSite(<SubmitWithStatus submission={{ ...idle, sending: true }} {...labels} />));
    // Disabled as the site's buttons are: it keeps the focus (aria-disabled) and ignores a press.
    expect(screen.getByRole('button', { name: 'Se trimite…' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Se trimite…');
  });

  it('announces the success naming the address, and a failure in the alert region, the button ready again', () => {
    const { rerender } = renderWithSite(<SubmitWithStatus submission={{ ...idle, sentTo: 'ana@example.com' }} {...labels} />);
    expect(screen.getByRole('status')).toHaveTextContent('Răspundem la ana@example.com.');
    rerender(inSite(<SubmitWithStatus submission={{ ...idle, failure: 'unavailable' }} {...labels} />));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toHaveTextContent('serviciul nu răspunde');
    expect(screen.getByRole('button', { name: 'Trimite' })).not.toHaveAttribute('aria-disabled');
  });
});
