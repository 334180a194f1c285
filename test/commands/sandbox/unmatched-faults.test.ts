// sandbox serve names the fault rules that matched no request: after its first minute and at exit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeUnmatched, UNMATCHED_FAULTS_AFTER_MS, watchUnmatchedFaults } from '../../../src/commands/sandbox/unmatched-faults.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('watchUnmatchedFaults', () => {
  it('names each unmatched rule once: after the first minute, then at exit those still unmatched', () => {
    vi.useFakeTimers();
    let unmatched = [
      { id: '1', rule: 'POST /api/202412/metafields/* 503@0.3' },
      { id: '2', rule: 'GET /api/202412/products/** 200+800ms' },
    ];
    const said: string[] = [];
    const watch = watchUnmatchedFaults({ unmatchedFaults: () => unmatched }, (line) => said.push(line));
    // The timer never holds the process up.
    expect(watch.timer.hasRef()).toBe(false);
    vi.advanceTimersByTime(UNMATCHED_FAULTS_AFTER_MS - 1);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(said).toEqual([
      `fault rule 1 "POST /api/202412/metafields/* 503@0.3" has matched no request in the sandbox's first 60 seconds: it injected nothing; * matches within one path segment, /api/202412/metafields/** every path below.`,
      `fault rule 2 "GET /api/202412/products/** 200+800ms" has matched no request in the sandbox's first 60 seconds: it injected nothing.`,
    ]);
    // A rule added later (sandbox fault add) that never matched is named at exit; those named are not repeated.
    unmatched = [...unmatched, { id: '3', rule: '* /x 500' }];
    watch.atExit();
    expect(said).toHaveLength(3);
    expect(said[2]).toBe(`fault rule 3 "* /x 500" has matched no request while the sandbox ran: it injected nothing.`);
  });

  it('at exit before the minute: names them then, and the timer is gone', () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const watch = watchUnmatchedFaults({ unmatchedFaults: () => [{ id: '4', rule: 'GET /a 500' }] }, (line) => said.push(line));
    watch.atExit();
    vi.advanceTimersByTime(UNMATCHED_FAULTS_AFTER_MS * 2);
    expect(said).toEqual([describeUnmatched({ id: '4', rule: 'GET /a 500' }, 'while the sandbox ran')]);
  });

  it('says nothing when every rule matched', () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const watch = watchUnmatchedFaults({ unmatchedFaults: () => [] }, (line) => said.push(line));
    vi.advanceTimersByTime(UNMATCHED_FAULTS_AFTER_MS);
    watch.atExit();
    expect(said).toEqual([]);
  });
});
