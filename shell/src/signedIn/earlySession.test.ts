import { loadFirebaseAuth } from '@site/shared-ui/firebase-auth';
import { readUserInfoAhead } from './userInfoAhead';
import { startSignedInPage } from './earlySession';

jest.mock('@site/shared-ui/firebase-auth', () => ({ loadFirebaseAuth: jest.fn() }));
jest.mock('./userInfoAhead', () => ({ readUserInfoAhead: jest.fn() }));

beforeEach(() => jest.clearAllMocks());

describe("a signed-in page's start, from the shell's entry", () => {
  it("starts the auth SDK, and sends the trial guard's read for the document's first page", () => {
    jest.mocked(loadFirebaseAuth).mockResolvedValue({} as never);
    startSignedInPage({ trial: true });
    expect(loadFirebaseAuth).toHaveBeenCalledTimes(1);
    expect(readUserInfoAhead).toHaveBeenCalledWith(null);
  });

  it('sends no read for a page without the trial guard, and leaves a failed load to the session (no unhandled rejection)', async () => {
    const failed = Promise.reject(new Error('offline'));
    jest.mocked(loadFirebaseAuth).mockReturnValue(failed as never);
    startSignedInPage({ trial: false });
    await failed.catch(() => undefined);
    expect(readUserInfoAhead).not.toHaveBeenCalled();
  });
});
