// A styled component's class names follow the order in which the page's components are made. The
// server makes shared-ui's by evaluating its index; the shell's start evaluates ./components first,
// in a task of its own, then the index (shell/src/bootstrap.tsx). Both must make them in the same
// order, or every rule of the server's style element is inserted again as the page hydrates.
type Exports = Record<string, unknown>;

/** Each exported styled component's id, in a fresh copy of styled-components and shared-ui. */
function componentIds(evaluate: () => Exports): Record<string, string> {
  let ids: Record<string, string> = {};
  jest.isolateModules(() => {
    const exports = evaluate();
    ids = Object.fromEntries(
      Object.entries(exports).flatMap(([name, value]) => {
        const id = (value as { styledComponentId?: unknown } | null)?.styledComponentId;
        return typeof id === 'string' ? [[name, id]] : [];
      }),
    );
  });
  return ids;
}

it("makes shared-ui's styled components in the same order as the server, whose index is evaluated alone, when the shell's start evaluates them first", () => {
  const onTheServer = componentIds(() => require('./index') as Exports);
  const asTheShellStarts = componentIds(() => {
    require('./i18n/i18n');
    require('./router');
    require('./components');
    return require('./index') as Exports;
  });
  expect(Object.keys(onTheServer).length).toBeGreaterThan(10);
  expect(asTheShellStarts).toEqual(onTheServer);
});
