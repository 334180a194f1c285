export type FaultKind = '429' | '500' | '503' | 'reset';

export const ALL_FAULT_KINDS: readonly FaultKind[] = Object.freeze(['429', '500', '503', 'reset']);

/** mulberry32: tiny, fast and good enough to make chaos runs reproducible from one seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultPlan {
  rate: number;
  seed: number;
  kinds: readonly FaultKind[];
}

/**
 * Decides, request by request, whether to fail and how. Draws nothing when the rate is 0,
 * so a sandbox without chaos behaves exactly like one built without this module.
 */
export function createFaultInjector(plan: FaultPlan): () => FaultKind | null {
  if (plan.rate <= 0 || plan.kinds.length === 0) return () => null;
  const random = mulberry32(plan.seed);
  return () => {
    if (random() >= plan.rate) return null;
    return plan.kinds[Math.floor(random() * plan.kinds.length)] ?? null;
  };
}
