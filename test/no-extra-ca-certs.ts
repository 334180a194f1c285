// vitest's globalSetup: the workers, and every process they spawn, start without
// NODE_EXTRA_CA_CERTS. Node reads and parses the bundle it names at every start, before any
// code runs: with a system's bundle (some machines set it for a proxy, this one does) a
// `node -e 0` took 0.11 CPU-s instead of 0.03, and the suite starts some 200 node processes
// (the CLI under test, tmux panes, sandboxes). None of them needs it: the suite's stores are on
// loopback, over plain HTTP. Unset before the workers start, so they and their children inherit that.
export default function setup(): (() => void) | undefined {
  const bundle = process.env.NODE_EXTRA_CA_CERTS;
  if (bundle === undefined) return undefined;
  delete process.env.NODE_EXTRA_CA_CERTS;
  return () => {
    process.env.NODE_EXTRA_CA_CERTS = bundle;
  };
}
