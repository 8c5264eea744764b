import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { renderWithSite } from '../testing/renderWithSite';
import { Button } from './Button';

/** A form whose button disables itself while the submission runs, as the site's forms do. */
function SendingForm({ onSend }: { onSend: () => Promise<void> }) {
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    await onSend();
    setSending(false);
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="Email" />
      <Button type="submit" disabled={sending}>
        {sending ? 'Se trimite…' : 'Trimite'}
      </Button>
    </form>
  );
}

describe('a button that disables itself while its work runs', () => {
  it('keeps the focus (never dropped to the body), says it is disabled, and does nothing when pressed again', async () => {
    let finish!: () => void;
    const onSend = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderWithSite(<SendingForm onSend={onSend} />);
    await user.click(screen.getByRole('button', { name: 'Trimite' }));
    const working = screen.getByRole('button', { name: 'Se trimite…' });
    expect(working).toHaveAttribute('aria-disabled', 'true');
    expect(working).toHaveFocus();
    await user.click(working);
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('textbox', { name: 'Email' }));
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    finish();
    expect(await screen.findByRole('button', { name: 'Trimite' })).not.toHaveAttribute('aria-disabled');
  });

  it('passes its ref and other props through', () => {
    const ref = { current: null as HTMLButtonElement | null };
    renderWithSite(
      <Button ref={ref} type="button" $variant="secondary" aria-describedby="x">
        Anulează
      </Button>,
    );
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Anulează' }));
    expect(ref.current).toHaveAttribute('aria-describedby', 'x');
  });
});
