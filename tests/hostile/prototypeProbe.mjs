// Loaded into the server under test with `node --import`. It records the built-in
// prototypes at start-up and, on SIGUSR2, prints whether any request added to them.
const watched = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
const snapshot = () =>
  Object.fromEntries(Object.entries(watched).map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String).sort()]));
const before = snapshot();

process.on('SIGUSR2', () => {
  const after = snapshot();
  const added = Object.fromEntries(Object.keys(after).map((name) => [name, after[name].filter((key) => !before[name].includes(key))]));
  const probe = { added, emptyObjectKeys: Object.keys({}), inheritedPolluted: {}.polluted ?? null, isAdminInherited: {}.isAdmin ?? null };
  console.log(JSON.stringify({ prototypeProbe: probe }));
});
