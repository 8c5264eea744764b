import { confirmPassword, setLocale, signOut } from '@site/shared-ui';
import { renderWithSite } from '@site/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../../i18n/register';
import { answer, fakeUserService, fileAnswer, setRuntimeConfig, setSession } from '../../../testing/fakeUserService';
import { AccountTab } from '../AccountTab';

jest.mock('@site/shared-ui', () => ({
  ...jest.requireActual('@site/shared-ui'),
  userService: jest.fn(),
  useSession: jest.fn(),
  signOut: jest.fn(async () => undefined),
  confirmPassword: jest.fn(async () => undefined),
}));

const DAY = 86_400;
const FILE = 'vedere-account-data-2026-11-24.json';
const exported = (overrides: Record<string, unknown> = {}) => ({
  exportedAt: '2026-11-24T03:00:00.000Z',
  account: { uid: 'uid-ana', email: 'ana.pop@exemplu.ro', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' },
  stripeCustomers: [{ customerId: 'cus_1', createdAt: '2026-11-01T10:00:00.000Z' }],
  subscriptions: [
    {
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'trialing',
      productId: 'prod_trial',
      productName: 'Free Trial',
      plan: null,
      trialEnd: Math.floor(Date.now() / 1000) + 9 * DAY,
      currentPeriodEnd: null,
      updatedAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  pendingCheckouts: [],
  device: { deviceId: 'phone-1', deviceName: 'Pixel 8', linkedAt: '2026-11-02T10:00:00.000Z' },
  emailVerified: true,
  contactMessages: [],
  newsletterSubscription: null,
  ...overrides,
});
const refusal = (code: string, status: number) => answer({ error: { code, message: code } }, status);
const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));

let saved: { name: string; text: string }[];
beforeEach(() => {
  act(() => setLocale('ro'));
  setSession();
  setRuntimeConfig({});
  jest.mocked(signOut).mockClear();
  jest.mocked(confirmPassword).mockReset();
  saved = [];
  // The browser's download: the anchor's name and the blob's text are what the user gets.
  let blob: Blob | null = null;
  URL.createObjectURL = jest.fn((b: Blob) => {
    blob = b;
    return 'blob:test';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const reader = new FileReader();
    reader.onload = () => saved.push({ name: this.download, text: String(reader.result) });
    reader.readAsText(blob!);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('downloading my data', () => {
  it("saves the service's export as a JSON file under its name, and says so", async () => {
    const user = userEvent.setup();
    let send!: () => void;
    const body = exported();
    const exportData = jest.fn(() => new Promise((resolve) => (send = () => resolve(fileAnswer(body, FILE)))));
    fakeUserService({ exportData });
    renderWithSite(<AccountTab email="ana.pop@exemplu.ro" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Datele dumneavoastră' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Descărcați datele mele' }));
    const working = screen.getByRole('button', { name: 'Se pregătesc datele…' });
    expect(working).toHaveFocus();
    expect(working).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Se pregătesc datele…')).toBe(true);
    await act(async () => send());

    const done = await screen.findByText(`Datele dumneavoastră au fost descărcate, în fișierul ${FILE}.`);
    expect(done).toHaveAttribute('role', 'status');
    // The blob is read back as the browser would save it.
    await waitFor(() => expect(saved).toEqual([{ name: FILE, text: JSON.stringify(body) }]));
    expect(JSON.parse(saved[0]!.text)).toMatchObject({ device: { deviceName: 'Pixel 8' } });
  });

  it('says why nothing was downloaded, at once, when the service fails', async () => {
    const user = userEvent.setup();
    fakeUserService({ exportData: jest.fn(async () => refusal('database_unavailable', 503)) });
    renderWithSite(<AccountTab email="ana.pop@exemplu.ro" />);
    await user.click(screen.getByRole('button', { name: 'Descărcați datele mele' }));
    const alert = await screen.findByText(/Datele nu au putut fi descărcate: serviciul nu răspunde acum/);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(saved).toEqual([]);
  });
});

describe('deleting my account', () => {
  async function openConfirmation(handlers: Parameters<typeof fakeUserService>[0] = {}) {
    const user = userEvent.setup();
    const client = fakeUserService({ exportData: jest.fn(async () => fileAnswer(exported(), FILE)), ...handlers });
    renderWithSite(<AccountTab email="ana.pop@exemplu.ro" />);
    await user.click(screen.getByRole('button', { name: 'Ștergeți contul meu' }));
    const question = screen.getByRole('heading', { level: 3, name: 'Sigur doriți să vă ștergeți contul?' });
    expect(question).toHaveFocus();
    await screen.findByRole('button', { name: 'Da, ștergeți contul meu' });
    return { user, client, group: screen.getByRole('group', { name: 'Sigur doriți să vă ștergeți contul?' }) };
  }

  it("names the site's own free trial once, in the page's language (not its English product name)", async () => {
    const own = exported({ subscriptions: [{ ...exported().subscriptions[0]!, plan: 'trial' }] });
    const { group } = await openConfirmation({ exportData: jest.fn(async () => fileAnswer(own, FILE)) });
    expect(within(group).getAllByRole('listitem')[0]).toHaveTextContent(/^perioada de probă gratuită se încheie acum, iar cele 9 zile rămase se pierd$/);
  });

  it('asks first, naming what will be lost: the trial and its days left, the phone, the sign-in, the data', async () => {
    const deleteAccount = jest.fn();
    const { group } = await openConfirmation({ deleteAccount });
    const losses = within(group)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(losses).toEqual([
      'perioada de probă gratuită (Free Trial) se încheie acum, iar cele 9 zile rămase se pierd',
      'telefonul „Pixel 8” este dezasociat, iar aplicația de pe el nu vă mai recunoaște',
      'nu vă mai puteți conecta ca ana.pop@exemplu.ro: pentru a folosi din nou aplicația, ar trebui să creați un cont nou',
      expect.stringMatching(/^tot ce păstrăm despre dumneavoastră este șters/),
    ]);
    expect(within(group).getByText(/Ștergerea nu poate fi anulată/)).toBeInTheDocument();
    expect(deleteAccount).not.toHaveBeenCalled();
  });

  it('names a paid subscription with the date its paid time runs to', async () => {
    const end = Date.UTC(2027, 0, 15, 12) / 1000;
    const paid = exported({
      subscriptions: [
        { subscriptionId: 's', customerId: 'c', status: 'active', productId: 'p', productName: 'Full plan', plan: null, trialEnd: null, currentPeriodEnd: end, updatedAt: '' },
      ],
      device: null,
    });
    const { group } = await openConfirmation({ exportData: jest.fn(async () => fileAnswer(paid, FILE)) });
    expect(within(group).getAllByRole('listitem')[0]).toHaveTextContent('abonamentul (Full plan) este anulat acum, iar timpul rămas până la 15 ianuarie 2027 se pierde');
    expect(within(group).queryByText(/telefonul „/)).not.toBeInTheDocument();
  });

  it('changes nothing on Cancel, and gives the focus back to the Delete button', async () => {
    const deleteAccount = jest.fn();
    const { user } = await openConfirmation({ deleteAccount });
    await user.click(screen.getByRole('button', { name: 'Renunțați' }));
    await nextFrame();
    expect(screen.getByRole('button', { name: 'Ștergeți contul meu' })).toHaveFocus();
    expect(deleteAccount).not.toHaveBeenCalled();
  });

  it('announces the deletion while it runs, then signs the user out saying the account was deleted', async () => {
    let answerNow!: () => void;
    const deleteAccount = jest.fn(() => new Promise((resolve) => (answerNow = () => resolve(answer({ deleted: true, subscriptionsCancelled: 1 })))));
    const { user } = await openConfirmation({ deleteAccount });
    await user.click(screen.getByRole('button', { name: 'Da, ștergeți contul meu' }));
    expect(deleteAccount).toHaveBeenCalledWith({ json: { confirm: true } }, expect.anything());
    const working = screen.getByRole('button', { name: 'Se șterge contul…' });
    expect(working).toHaveFocus();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Se șterge contul…')).toBe(true);
    expect(signOut).not.toHaveBeenCalled();
    await act(async () => answerNow());
    expect(await screen.findByText('Contul dumneavoastră a fost șters. Vă deconectăm…')).toHaveAttribute('role', 'status');
    expect(signOut).toHaveBeenCalledWith('deleted');
  });

  it('says what happened when a step fails, and a second try finishes the deletion', async () => {
    const deleteAccount = jest
      .fn()
      .mockResolvedValueOnce(refusal('deletion_interrupted', 503))
      .mockResolvedValueOnce(answer({ deleted: true, subscriptionsCancelled: 0 }));
    const { user } = await openConfirmation({ deleteAccount });
    await user.click(screen.getByRole('button', { name: 'Da, ștergeți contul meu' }));
    const alert = await screen.findByText(
      'Ștergerea contului a început, dar nu s-a terminat: abonamentul a fost anulat sau autentificarea ștearsă, dar datele dumneavoastră nu au fost încă șterse toate. Încercați din nou pentru a termina ștergerea.',
    );
    expect(alert).toHaveAttribute('role', 'alert');
    expect(signOut).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Da, ștergeți contul meu' }));
    await screen.findByText('Contul dumneavoastră a fost șters. Vă deconectăm…');
    expect(deleteAccount).toHaveBeenCalledTimes(2);
    expect(signOut).toHaveBeenCalledWith('deleted');
  });

  it('says that the account is already being deleted when another request runs the deletion', async () => {
    const { user } = await openConfirmation({ deleteAccount: jest.fn(async () => refusal('deletion_in_progress', 409)) });
    await user.click(screen.getByRole('button', { name: 'Da, ștergeți contul meu' }));
    expect(
      await screen.findByText('Contul dumneavoastră este deja în curs de ștergere. Așteptați câteva secunde, apoi încercați din nou pentru a vedea ștergerea încheiată.'),
    ).toHaveAttribute('role', 'alert');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('says that nothing was deleted when the subscription could not be cancelled', async () => {
    const { user } = await openConfirmation({ deleteAccount: jest.fn(async () => refusal('billing_unavailable', 502)) });
    await user.click(screen.getByRole('button', { name: 'Da, ștergeți contul meu' }));
    expect(await screen.findByText('Abonamentul nu a putut fi anulat, așa că contul nu a fost șters. Încercați din nou peste câteva momente.')).toHaveAttribute('role', 'alert');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks for the password again when the sign-in is too old, then deletes', async () => {
    const deleteAccount = jest
      .fn()
      .mockResolvedValueOnce(refusal('reauthentication_required', 401))
      .mockResolvedValueOnce(answer({ deleted: true, subscriptionsCancelled: 1 }));
    const { user } = await openConfirmation({ deleteAccount });
    await user.click(screen.getByRole('button', { name: 'Da, ștergeți contul meu' }));

    const password = await screen.findByLabelText(/^Parola/);
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByText('Contul nu a fost încă șters: pentru siguranța dumneavoastră, introduceți din nou parola.')).toHaveAttribute('role', 'alert');

    // Empty: said at once, beside the field.
    await user.click(screen.getByRole('button', { name: 'Confirmați și ștergeți contul meu' }));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(confirmPassword).not.toHaveBeenCalled();

    // Wrong: Firebase refuses; the user hears why and stays in the field.
    jest.mocked(confirmPassword).mockRejectedValueOnce(Object.assign(new Error('wrong'), { code: 'auth/wrong-password' }));
    await user.type(password, 'gresita');
    await user.click(screen.getByRole('button', { name: 'Confirmați și ștergeți contul meu' }));
    expect(await screen.findAllByText('Parola nu este corectă. Introduceți parola cu care vă conectați.')).not.toHaveLength(0);
    expect(deleteAccount).toHaveBeenCalledTimes(1);

    await user.clear(password);
    await user.type(password, ' parola corecta ');
    await user.click(screen.getByRole('button', { name: 'Confirmați și ștergeți contul meu' }));
    expect(confirmPassword).toHaveBeenLastCalledWith(' parola corecta ');
    await screen.findByText('Contul dumneavoastră a fost șters. Vă deconectăm…');
    expect(deleteAccount).toHaveBeenCalledTimes(2);
    expect(signOut).toHaveBeenCalledWith('deleted');
  });

  it('shows its text in English too', async () => {
    act(() => setLocale('en'));
    const user = userEvent.setup();
    fakeUserService({ exportData: jest.fn(async () => fileAnswer(exported(), FILE)) });
    renderWithSite(<AccountTab email="ana.pop@exemplu.ro" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Delete your account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Are you sure you want to delete your account?' })).toHaveFocus();
    const group = screen.getByRole('group', { name: 'Are you sure you want to delete your account?' });
    await within(group).findByRole('button', { name: 'Yes, delete my account' });
    expect(within(group).getAllByRole('listitem')[0]).toHaveTextContent('your free trial (Free Trial) ends now, and the 9 days left of it are lost');
    expect(within(group).getByRole('button', { name: 'Yes, delete my account' })).toBeInTheDocument();
  });
});

describe('a deletion already under way', () => {
  it('is said as it is, in place of the button that starts one, from when it began', async () => {
    fakeUserService({ deletionStatus: jest.fn(async () => answer({ deletion: { state: 'in_progress', step: 'data', startedAt: '2026-11-24T10:00:00.000Z' } })) });
    renderWithSite(<AccountTab email="ana.pop@exemplu.ro" />);
    expect(await screen.findByText(/Ștergerea contului este în curs, din 24 noiembrie 2026\. Serviciul o termină singur/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ștergeți contul meu' })).not.toBeInTheDocument();
  });

  it('that could not finish says so, and where to ask', async () => {
    fakeUserService({ deletionStatus: jest.fn(async () => answer({ deletion: { state: 'failed', step: 'identity', startedAt: '2026-11-24T10:00:00.000Z' } })) });
    renderWithSite(<AccountTab email="ana.pop@exemplu.ro" />);
    expect(await screen.findByText(/nu s-a putut termina după mai multe încercări\. Scrieți-ne prin pagina de contact/)).toBeInTheDocument();
  });

  it('none: the button that starts one', async () => {
    const deletionStatus = jest.fn(async () => answer({ deletion: null }));
    fakeUserService({ deletionStatus });
    renderWithSite(<AccountTab email="ana.pop@exemplu.ro" />);
    await waitFor(() => expect(deletionStatus).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Ștergeți contul meu' })).toBeInTheDocument();
  });
});
