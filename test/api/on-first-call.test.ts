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
