// The one writer of a run's outputs, on regular files and streams (special files are the
// spawned tests' in test/e2e/special-outputs.test.ts): every back-pressure wait leaves no
// listener behind, `whole` appears only once committed, `new` never replaces a file,
// `lines` keeps what it wrote when the run is interrupted.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openOutput, streamSink } from '../../src/bulk/engine/output-sink.js';
import { processPlace, startTimeOf } from '../../src/core/processes.js';
import { scratchDir } from '../helpers/scratch.js';

/** A stream that takes one small chunk at a time, slowly: every write waits for drain. */
function slowStream(): Writable {
  return new Writable({
    highWaterMark: 16,
    write(_chunk, _encoding, callback) {
      setImmediate(callback);
    },
  });
}

const listeners = (stream: Writable) => ['drain', 'error', 'close', 'finish'].map((event) => stream.listenerCount(event));

describe('output sink', () => {
  it("removes a killed writer's temporary file, never one whose writer it cannot judge (another container's, on a shared volume)", async () => {
    const dir = scratchDir();
    const path = join(dir, 'out.csv');
    const namespace = /\d+/.exec(processPlace().pidns ?? '')?.[0] ?? '0';
    const boot = (processPlace().boot ?? '').replace(/-/g, '').slice(0, 8) || '0';
    // A pid that runs here as another process (this one, under another start time): its writer is gone.
    const reused = `.out.csv.${process.ppid}-1-${namespace}-${boot}.0000aaaa.part`;
    // The same pid, written in another pid namespace: its writer may be running there.
    const foreign = `.out.csv.${process.ppid}-${startTimeOf(process.ppid) ?? '1'}-99-${boot}.0000bbbb.part`;
    // This place, a pid that runs here as itself: a writer under way.
    const live = `.out.csv.${process.ppid}-${startTimeOf(process.ppid) ?? '0'}-${namespace}-${boot}.0000cccc.part`;
    for (const name of [reused, foreign, live]) writeFileSync(join(dir, name), 'partial\n');
    const sink = await openOutput({ kind: 'file', path }, { field: 'output', contract: 'whole' });
    await sink.write('row\n');
    await sink.commit();
    expect(readdirSync(dir).sort()).toEqual([foreign, live, 'out.csv'].sort());
  });

  it('waits for drain a thousand times and leaves no listener behind (no MaxListenersExceededWarning)', async () => {
    const stream = slowStream();
    const before = listeners(stream);
    const sink = streamSink(stream);
    for (let i = 0; i < 1000; i++) await sink.write('x'.repeat(64));
    expect(listeners(stream)).toEqual(before);
  });

  it('a file written whole appears under its name only once committed, with the mode asked; a discarded one leaves nothing', async () => {
    const dir = scratchDir();
    const path = join(dir, 'out.csv');
    writeFileSync(path, 'older\n');
    const sink = await openOutput({ kind: 'file', path }, { field: 'output', contract: 'whole', mode: 0o600 });
    for (let i = 0; i < 2000; i++) await sink.write(`row ${i},${'y'.repeat(40)}\n`);
    expect(readFileSync(path, 'utf8')).toBe('older\n');
    await sink.commit();
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(2001);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['out.csv']);
    const dropped = await openOutput({ kind: 'file', path: join(dir, 'dropped.csv') }, { field: 'output', contract: 'whole' });
    await dropped.write('half');
    await dropped.discard();
    expect(readdirSync(dir)).toEqual(['out.csv']);
  });

  it('`new` never replaces a file, even one made after it was opened', async () => {
    const dir = scratchDir();
    const path = join(dir, 'codes.csv');
    const sink = await openOutput({ kind: 'file', path }, { field: 'codesOut', contract: 'new', mode: 0o600 });
    await sink.write('secret\n');
    writeFileSync(path, 'made meanwhile\n');
    await expect(sink.commit()).rejects.toThrow(/codesOut .*codes\.csv exists already \(made since the run checked it\): it is never written over/);
    expect(readFileSync(path, 'utf8')).toBe('made meanwhile\n');
    expect(readdirSync(dir)).toEqual(['codes.csv']);
  });

  it('`lines` empties the file, writes it as the run goes, and keeps what it wrote when the run stops', async () => {
    const path = join(scratchDir(), 'rejects.csv');
    writeFileSync(path, 'x'.repeat(100));
    const sink = await openOutput({ kind: 'file', path }, { field: 'rejects', contract: 'lines' });
    await sink.write('line,reason\n');
    await sink.write('2,bad\n');
    expect(readFileSync(path, 'utf8')).toBe('line,reason\n2,bad\n');
    await sink.discard();
    expect(readFileSync(path, 'utf8')).toBe('line,reason\n2,bad\n');
    expect(existsSync(path)).toBe(true);
  });
});
