import { remotesInForce } from './remotesInForce';

const valid = {
  mfe_marketing: { manifest: 'https://cdn.example/mfe-marketing/1.0.0/mf-manifest.json' },
  mfe_auth: { manifest: 'https://cdn.example/mfe-auth/1.0.0/mf-manifest.json' },
  mfe_account: { manifest: 'https://cdn.example/mfe-account/1.0.0/mf-manifest.json' },
};

/** The next turn of the event loop (the document is read once a turn). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it('keeps the last good remotes document in force while a read fails, and says so once', async () => {
  let current: unknown = valid;
  const log = jest.fn();
  const remotes = remotesInForce(() => {
    if (current instanceof Error) throw current;
    return current;
  }, log);
  expect(remotes()).toEqual(valid);

  current = { mfe_marketing: valid.mfe_marketing }; // two remotes missing: an invalid edit
  await nextTurn();
  expect(remotes()).toEqual(valid);
  await nextTurn();
  expect(remotes()).toEqual(valid);
  expect(log).toHaveBeenCalledTimes(1);
  expect(log.mock.calls[0]![0]).toMatch(/mfe_auth has no manifest URL.*last good one stays in force/);

  current = new Error('ENOENT: the file is being replaced');
  await nextTurn();
  expect(remotes()).toEqual(valid);

  const next = { ...valid, mfe_auth: { manifest: 'https://cdn.example/mfe-auth/1.1.0/mf-manifest.json' } };
  current = next;
  await nextTurn();
  expect(remotes()).toEqual(next);
});

it('refuses to serve when no good document was ever read', () => {
  const remotes = remotesInForce(
    () => ({}),
    () => undefined,
  );
  expect(() => remotes()).toThrow(/has no manifest URL/);
});

it('validates the document it read once, while the reader gives that same document again', async () => {
  const read = jest.fn(() => valid as unknown);
  const remotes = remotesInForce(read, () => undefined);
  const first = remotes();
  await nextTurn();
  expect(remotes()).toBe(first);
  expect(read).toHaveBeenCalledTimes(2);
  // A new document, even one equal to it, is validated: its result is a new object.
  read.mockReturnValue({ ...valid });
  await nextTurn();
  expect(remotes()).not.toBe(first);
  expect(remotes()).toEqual(valid);
});

it("reads the document once in a turn of the event loop, however often it is asked for, and again in the next (a release's document in force from then on)", async () => {
  const released = { ...valid, mfe_auth: { manifest: 'https://cdn.example/mfe-auth/2.0.0/mf-manifest.json' } };
  const read = jest.fn(() => valid as unknown);
  const remotes = remotesInForce(read, () => undefined);
  for (let i = 0; i < 5; i += 1) expect(remotes()).toEqual(valid);
  expect(read).toHaveBeenCalledTimes(1);
  read.mockReturnValue(released);
  await nextTurn();
  expect(remotes()).toEqual(released);
  expect(read).toHaveBeenCalledTimes(2);
});
