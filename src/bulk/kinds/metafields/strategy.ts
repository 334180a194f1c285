// Create first, or read first? Creating first costs one request on an object that holds
// none of the values yet (a fresh import) and two on one that does (a 409, then a read);
// reading first costs the reverse. The recent objects tell which case is more likely:
// an exponentially weighted share of objects that already held values.

export type Approach = 'create-first' | 'read-first';

/** Weight of the newest object: about the last ten objects decide. */
const ALPHA = 0.2;

export class ApproachChooser {
  /** Even odds at the start: the first objects are read first, and teach the rest. */
  private heldShare = 0.5;

  choose(): Approach {
    return this.heldShare < 0.5 ? 'create-first' : 'read-first';
  }

  /** Whether an object already held any of the values its rows set. */
  observe(held: boolean): void {
    this.heldShare = (1 - ALPHA) * this.heldShare + ALPHA * (held ? 1 : 0);
  }
}
