import { render, screen } from '@testing-library/react';
import { BrowserRouter, markHistoryEntry, Route, Routes } from './router';

const drawRouter = () =>
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/account" element={<h1>Account</h1>} />
      </Routes>
    </BrowserRouter>,
  );

afterEach(() => jest.restoreAllMocks());

it("leaves BrowserRouter nothing to write in the session's history once the page's entry is marked, its address and state kept", () => {
  window.history.replaceState({ from: 'elsewhere' }, '', '/account?tab=device#phone');
  markHistoryEntry();
  expect(window.history.state).toEqual({ from: 'elsewhere', idx: 0 });
  expect(window.location.href).toBe('http://localhost/account?tab=device#phone');
  const replaceState = jest.spyOn(window.history, 'replaceState');
  const pushState = jest.spyOn(window.history, 'pushState');
  drawRouter();
  expect(screen.getByRole('heading', { name: 'Account' })).toBeInTheDocument();
  expect(replaceState).not.toHaveBeenCalled();
  expect(pushState).not.toHaveBeenCalled();
});

it('is what BrowserRouter writes itself when the entry is not marked (the write the mark takes out of its first drawing)', () => {
  window.history.replaceState(null, '', '/account');
  const replaceState = jest.spyOn(window.history, 'replaceState');
  drawRouter();
  expect(replaceState).toHaveBeenCalledTimes(1);
  expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '');
});

it('leaves an entry already marked as it is (a reload of a page reached by a navigation)', () => {
  window.history.replaceState({ usr: null, key: 'k3', idx: 3 }, '', '/account');
  const replaceState = jest.spyOn(window.history, 'replaceState');
  markHistoryEntry();
  expect(replaceState).not.toHaveBeenCalled();
  expect(window.history.state).toEqual({ usr: null, key: 'k3', idx: 3 });
});
