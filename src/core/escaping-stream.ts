// The terminal as the target of a store's bytes: an export without --output, or one whose
// --output names a terminal (/dev/tty, /dev/stderr at a terminal). Such bytes go through a
// stream that shows their control and bidi characters as visible escapes (escapeControls),
// so a title or a note cannot retitle, clear or reorder the screen. Piped or in a file they
// are written exactly as they are: this layer is put in front of a terminal only, where the
// target is chosen, and the writers of files never see it.
import { StringDecoder } from 'node:string_decoder';
import { Writable } from 'node:stream';
import { escapeControls, type IO } from './io.js';

/** stdout as the target of data: itself when piped (every byte as it is); in a terminal, escaped. */
export function dataStdout(io: IO): Writable {
  // stdout is not the command's to end or to fail: its own errors are the process's (main.ts).
  return io.isStdoutTTY ? escapingStream(io.stdout, { owned: false }) : io.stdout;
}

/**
 * A stream that writes `target` the text it is given, control and bidi characters escaped.
 * `owned`: ending or destroying it ends or destroys `target`, and `target`'s failures are its
 * own; otherwise `target` is left open and its failures to whoever owns it.
 */
export function escapingStream(target: Writable, { owned }: { owned: boolean }): Writable {
  // Bytes may split a character between two writes: decoded as one text.
  const decoder = new StringDecoder('utf8');
  // Each text goes to target at once (nothing waits here that a process ending could lose);
  // when target's buffer is full, the next write waits for it to drain, so backpressure holds.
  const forward = (text: string, callback: (error?: Error | null) => void) => {
    if (text === '' || target.write(escapeControls(text))) return callback();
    const done = () => {
      target.off('drain', done).off('close', done).off('error', done);
      callback();
    };
    target.on('drain', done).on('close', done).on('error', done);
  };
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, callback) {
      forward(typeof chunk === 'string' ? chunk : decoder.write(chunk), callback);
    },
    final(callback) {
      forward(decoder.end(), (error) => {
        if (error || !owned) return callback(error);
        target.end(() => callback());
      });
    },
    destroy(error, callback) {
      if (owned && !target.destroyed) target.destroy();
      callback(error);
    },
  });
  if (owned) target.once('error', (error) => stream.destroy(error));
  return stream;
}
