// An API module loaded on its first call. A resource's module (its requests, and whatever they
// import) is parsed and evaluated only by the commands that use it: createApi names every
// resource, and a command that loaded them all would pay for each at start-up.

/**
 * A stand-in for the object `load` gives, whose methods load it on the first call and then
 * call through. Every API module's methods are asynchronous: they return a promise (an
 * `async` method) or pages (an async generator, `for await`ed or stepped with `next()`, whose
 * return value is the next page's token). A call to the stand-in answers both ways: it is the
 * promise of the real call's result, and it steps through the generator that result is.
 */
export function onFirstCall<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a promise itself: `await api.x` must not take it for one.
      if (name === 'then') return undefined;
      return (...args: unknown[]) =>
        deferredCall((loading ??= load()).then((api) => (api as Record<PropertyKey, (...a: unknown[]) => unknown>)[name]!(...args)));
    },
  });
}

/** The result of a call not made yet: awaited, it is the result; stepped, it is the generator the result is. */
function deferredCall(result: Promise<unknown>): Promise<unknown> & AsyncGenerator<unknown, unknown, unknown> {
  const pages = () => result as Promise<AsyncGenerator<unknown, unknown, unknown>>;
  const call = result as Promise<unknown> & AsyncGenerator<unknown, unknown, unknown>;
  call.next = (...args: [] | [unknown]) => pages().then((generator) => generator.next(...args));
  call.return = (value: unknown) => pages().then((generator) => generator.return(value));
  call.throw = (error: unknown) => pages().then((generator) => generator.throw(error));
  call[Symbol.asyncIterator] = () => call;
  return call;
}
