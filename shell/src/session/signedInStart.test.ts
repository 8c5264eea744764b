import { signedInPageAt } from './signedInStart';

describe('a page load that waits for sign-in (read by the shell’s entry)', () => {
  const signedIn = 'visitor=abc; loginCookie=eyJ.token.x; other=1';

  it('is a page behind the access guard with the login cookie: whether the trial guard keeps it too', () => {
    expect(signedInPageAt('/pricing', signedIn)).toEqual({ trial: true });
    expect(signedInPageAt('/account', 'loginCookie=t')).toEqual({ trial: true });
    expect(signedInPageAt('/reset-linked-device', signedIn)).toEqual({ trial: false });
  });

  it('is not a public page, nor a visitor without the login cookie (absent, empty, or another cookie ending so)', () => {
    expect(signedInPageAt('/', signedIn)).toBeNull();
    expect(signedInPageAt('/login', signedIn)).toBeNull();
    expect(signedInPageAt('/pricing/', signedIn)).toBeNull();
    expect(signedInPageAt('/pricing', '')).toBeNull();
    expect(signedInPageAt('/pricing', 'loginCookie=; visitor=abc')).toBeNull();
    expect(signedInPageAt('/pricing', 'oldloginCookie=t')).toBeNull();
  });
});
