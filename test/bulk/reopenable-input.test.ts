// The input a checked import opens more than once (engine/source.ts): closing it closes every
// file it opened, also one never read (a run that fails after opening it), so no descriptor
// is left to an open that ends after the command, nor to the file's removal.
import { rmSync, writeFileSync, type ReadStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reopenableInput } from '../../src/bulk/engine/source.js';
import { descriptorsOn } from '../helpers/descriptors.js';
import { scratchDir } from '../helpers/scratch.js';

describe('reopenableInput', () => {
  it.runIf(process.platform === 'linux')('closes a file it opened and nobody read when it is closed', async () => {
    const file = join(scratchDir(), 'rows.csv');
    writeFileSync(file, 'code\nA\n');
    const input = await reopenableInput(file, new PassThrough(), new AbortController().signal, false);
    const first = await input.open();
    const second = await input.open();
    const streams = [first.stream, second.stream] as ReadStream[];
    await Promise.all(streams.map((stream) => (stream.pending ? once(stream, 'open') : undefined)));
    expect(descriptorsOn(file)).toHaveLength(2);
    const closed = Promise.all(streams.map((stream) => once(stream, 'close')));
    await input.close();
    await closed;
    expect(descriptorsOn(file)).toEqual([]);
  });

  it('closed before its file is opened, and the file gone by then: no error reaches anyone', async () => {
    const file = join(scratchDir(), 'rows.csv');
    writeFileSync(file, 'code\nA\n');
    const input = await reopenableInput(file, new PassThrough(), new AbortController().signal, false);
    const stream = (await input.open()).stream as ReadStream;
    // The run failed at once, and its scratch folder went (a test's end): the open still to come fails.
    rmSync(file);
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    await input.close();
    // Without a listener of the run's, the open's ENOENT would be an uncaught exception after the command.
    await closed;
    expect(stream.destroyed).toBe(true);
  });

  it("leaves stdin open: it is not the input's to close", async () => {
    const stdin = new PassThrough();
    stdin.write('code\nA\n');
    const input = await reopenableInput('-', stdin, new AbortController().signal, false);
    expect((await input.open()).stream).toBe(stdin);
    await input.close();
    expect(stdin.destroyed).toBe(false);
  });
});
