import { remotesInForce } from './remotesInForce';

const valid = {
  mfe_marketing: { manifest: 'https://cdn.example/mfe-marketing/1.0.0/mf-manifest.json' },
  mfe_auth: { manifest: 'https://cdn.example/mfe-auth/1.0.0/mf-manifest.json' },
  mfe_account: { manifest: 'https://cdn.example/mfe-account/1.0.0/mf-manifest.json' },
};

it('keeps the last good remotes document in force while a read fails, and says so once', () => {
  let current: unknown = valid;
  const log = jest.fn();
  const remotes = remotesInForce(() => {
    if (current instanceof Error) throw current;
    return current;
  }, log);
  expect(remotes()).toEqual(valid);

  current = { mfe_marketing: valid.mfe_marketing }; // two remotes missing: an invalid edit
  expect(remotes()).toEqual(valid);
  expect(remotes()).toEqual(valid);
  expect(log).toHaveBeenCalledTimes(1);
  expect(log.mock.calls[0]![0]).toMatch(/mfe_auth has no manifest URL.*last good one stays in force/);

  current = new Error('ENOENT: the file is being replaced');
  expect(remotes()).toEqual(valid);

  const next = { ...valid, mfe_auth: { manifest: 'https://cdn.example/mfe-auth/1.1.0/mf-manifest.json' } };
  current = next;
  expect(remotes()).toEqual(next);
});

it('refuses to serve when no good document was ever read', () => {
  const remotes = remotesInForce(
    () => ({}),
    () => undefined,
  );
  expect(() => remotes()).toThrow(/has no manifest URL/);
});

it('validates the document it read once, while the reader gives that same document again', () => {
  const read = jest.fn(() => valid as unknown);
  const remotes = remotesInForce(read, () => undefined);
  const first = remotes();
  expect(remotes()).toBe(first);
  expect(read).toHaveBeenCalledTimes(2);
  // A new document, even one equal to it, is validated: its result is a new object.
  read.mockReturnValue({ ...valid });
  expect(remotes()).not.toBe(first);
  expect(remotes()).toEqual(valid);
});
