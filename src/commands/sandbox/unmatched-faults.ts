// `sandbox serve`: a fault rule that matches no request is most often a mistyped glob
// (`/metafields/*` is one segment; a metafield write is `/metafields/{domain}/{bizId}`), and
// it injects nothing, silently. serve names such rules after its first minute and at exit.

/** How long serve waits before naming the rules that matched nothing so far. */
export const UNMATCHED_FAULTS_AFTER_MS = 60_000;

export interface FaultsSource {
  unmatchedFaults(): Array<{ id: string; rule: string }>;
}

export interface UnmatchedFaultsWatch {
  /** The one-minute timer: unref'd, so it never keeps the process alive. */
  readonly timer: NodeJS.Timeout;
  /** At exit: names the rules still unmatched that the timer has not named yet, and stops the timer. */
  atExit(): void;
}

/** One warning a rule, and the hint that fixes the usual mistake. */
export function describeUnmatched(rule: { id: string; rule: string }, when: string): string {
  const glob = rule.rule.split(' ')[1] ?? '';
  const hint = glob.endsWith('/*') ? `; * matches within one path segment, ${glob.slice(0, -1)}** every path below` : '';
  return `fault rule ${rule.id} "${rule.rule}" has matched no request ${when}: it injected nothing${hint}.`;
}

export function watchUnmatchedFaults(sandbox: FaultsSource, warn: (message: string) => void, afterMs = UNMATCHED_FAULTS_AFTER_MS): UnmatchedFaultsWatch {
  const named = new Set<string>();
  const name = (when: string) => {
    for (const rule of sandbox.unmatchedFaults()) {
      if (named.has(rule.id)) continue;
      named.add(rule.id);
      warn(describeUnmatched(rule, when));
    }
  };
  const timer = setTimeout(() => name(`in the sandbox's first ${Math.round(afterMs / 1000)} seconds`), afterMs);
  timer.unref();
  return {
    timer,
    atExit() {
      clearTimeout(timer);
      name('while the sandbox ran');
    },
  };
}
