import { expect, it } from 'vitest';
import { onFirstCall } from '../../src/api/on-first-call.js';

class Greeter {
  constructor(private readonly greeting: string) {}
  async greet(name: string, punctuation = '.'): Promise<string> {
    return `${this.greeting}, ${name}${punctuation}`;
  }
}

it('loads the module on the first call only, and calls through with the arguments', async () => {
  let loads = 0;
  const api = onFirstCall(async () => {
    loads += 1;
    return new Greeter('Hello');
  });
  expect(loads).toBe(0);
  await expect(Promise.all([api.greet('Ada'), api.greet('Grace', '!')])).resolves.toEqual(['Hello, Ada.', 'Hello, Grace!']);
  await api.greet('Alan');
  expect(loads).toBe(1);
});

it('is not a promise itself, and a failed load fails the call', async () => {
  const api = onFirstCall<Greeter>(() => Promise.reject(new Error('no such module')));
  expect(await api).toBe(api);
  await expect(api.greet('Ada')).rejects.toThrow('no such module');
});

class Pager {
  loaded = true;
  async *pages(count: number): AsyncGenerator<number[], string | undefined> {
    for (let page = 1; page <= count; page++) yield [page];
    return 'next-token';
  }
}

it('hands on the pages of an async generator, iterated or stepped, its return value (the next token) included', async () => {
  let loads = 0;
  const api = onFirstCall(async () => {
    loads += 1;
    return new Pager();
  });
  const seen: number[][] = [];
  for await (const page of api.pages(3)) seen.push(page);
  expect(seen).toEqual([[1], [2], [3]]);
  const pages = api.pages(1);
  await expect(pages.next()).resolves.toEqual({ value: [1], done: false });
  await expect(pages.next()).resolves.toEqual({ value: 'next-token', done: true });
  // yield* passes the return value on, as the paging loops of the commands read it.
  async function* relay(): AsyncGenerator<number[], string | undefined> {
    return yield* api.pages(2);
  }
  const relayed = relay();
  await relayed.next();
  await relayed.next();
  await expect(relayed.next()).resolves.toEqual({ value: 'next-token', done: true });
  // Stopped early: the generator's return reaches the real one.
  const early = api.pages(5);
  await early.next();
  await expect(early.return('stopped')).resolves.toEqual({ value: 'stopped', done: true });
  await expect(early.next()).resolves.toEqual({ value: undefined, done: true });
  expect(loads).toBe(1);
});

it('a failed load fails the first step of the pages', async () => {
  const api = onFirstCall<Pager>(() => Promise.reject(new Error('no such module')));
  await expect(api.pages(1).next()).rejects.toThrow('no such module');
});
