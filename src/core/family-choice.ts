// The header family the requests of one run go under, shared by every HTTP client of the
// context (as the rate-limit bucket is). When nothing named the family, the first 401 may
// switch it: one probe with the other family's token header, made once per run however
// many requests were refused at the same moment (an import has several in flight).
import { headerFamily, otherBrand, type Brand, type HeaderFamily } from './brand.js';

export class FamilyChoice {
  private current: Brand;
  private readonly initial: Brand;
  private probe: Promise<boolean> | undefined;

  /**
   * `detectable`: nothing named the family (no flag, variable, profile key, host or
   * sandbox dialect), so a 401 may be the wrong header rather than a wrong token.
   * `onFound`: told once, when a probe found the other family accepted.
   */
  constructor(
    brand: Brand,
    readonly detectable: boolean,
    private readonly onFound: (brand: Brand) => void = () => {},
  ) {
    this.current = brand;
    this.initial = brand;
  }

  get brand(): Brand {
    return this.current;
  }

  get family(): HeaderFamily {
    return headerFamily(this.current);
  }

  /** The family a probe found (undefined until one did). */
  get found(): Brand | undefined {
    return this.probe !== undefined && this.current !== this.initial ? this.current : undefined;
  }

  /**
   * A request sent under `refusedUnder` was answered 401: true when the request should be
   * sent again under the family now chosen. `ask(family)` sends the probe (true when the
   * store accepted the token under that family); it runs at most once per choice.
   */
  async recover(refusedUnder: Brand, ask: (family: HeaderFamily) => Promise<boolean>): Promise<boolean> {
    // Another request's probe switched the family meanwhile: this one goes again under it.
    if (this.current !== refusedUnder) return true;
    if (!this.detectable) return false;
    this.probe ??= (async () => {
      const other = otherBrand(this.current);
      const accepted = await ask(headerFamily(other));
      if (accepted) {
        this.current = other;
        this.onFound(other);
      }
      return accepted;
    })();
    return (await this.probe) && this.current !== refusedUnder;
  }
}
