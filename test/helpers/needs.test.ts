// A suite skipped for a missing program says why where the default reporter shows it:
// on stderr (it prints no skipped suite's title), and in the title for the other reporters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { suiteNeeds } from './needs.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('suiteNeeds', () => {
  it('with the program missing, names it and the way to get it, in the title and on stderr', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const title = suiteNeeds('in a real terminal (tmux)', 'tmux', undefined);
    expect(title).toBe('in a real terminal (tmux): skipped, tmux is not installed here (.ci/run installs it)');
    expect(warn).toHaveBeenCalledExactlyOnceWith(title);
  });

  it('with the program there, keeps the title and says nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(suiteNeeds('a zero-width terminal', 'util-linux script', '/usr/bin/script', 'util-linux has it')).toBe('a zero-width terminal');
    expect(warn).not.toHaveBeenCalled();
  });
});
