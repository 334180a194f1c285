// The MCP server's plans: what a write tool would send, kept in the data directory until a
// person approves it in their own terminal (`store-cli mcp approve PLAN-ID`) and apply_plan
// runs it, once. Each is a file of its own, 0600, written atomically; the approval is another
// file, which only a process outside the model's reach writes. Running a plan first renames
// its file (one step on the file system), so two applies of one plan cannot both run it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { exists, writeFileAtomically } from '../../core/atomic-file.js';
import { UsageError } from '../../core/errors.js';

export interface Plan {
  planId: string;
  createdAt: string;
  /** The tool that made it: `giftcard_create`. */
  tool: string;
  /** The command line it runs (global flags first), as the dry run ran it but for --dry-run. */
  argv: string[];
  /** The exact requests of the dry run. */
  requests: unknown;
  /** The shop it goes to, as `shop info` named it when planned; null where that failed. */
  target: { shopName: unknown; domain: unknown } | null;
}

export type PlanState = 'pending' | 'approved' | 'used' | 'unknown';

const PLAN_ID = /^plan-[0-9a-f]{24}$/;

export class PlanStore {
  constructor(private readonly dir: string) {}

  /** The store in the user's data directory. */
  static async at(dataDir: string): Promise<PlanStore> {
    const dir = join(dataDir, 'mcp-plans');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new PlanStore(dir);
  }

  static newId(): string {
    return `plan-${randomBytes(12).toString('hex')}`;
  }

  /** Whether `id` could name a plan: nothing else may name a file here. */
  static isId(id: string): boolean {
    return PLAN_ID.test(id);
  }

  async save(plan: Plan): Promise<void> {
    await writeFileAtomically(this.file(plan.planId, 'plan'), `${JSON.stringify(plan, null, 2)}\n`, { overwrite: false, flag: 'a new plan' });
  }

  async state(id: string): Promise<PlanState> {
    if (!PlanStore.isId(id)) return 'unknown';
    if (await exists(this.file(id, 'used'))) return 'used';
    if (!(await exists(this.file(id, 'plan')))) return 'unknown';
    return (await exists(this.file(id, 'approved'))) ? 'approved' : 'pending';
  }

  async read(id: string): Promise<Plan> {
    const state = await this.state(id);
    if (state === 'unknown') throw new UsageError(`${id} names no plan of this data directory.`);
    return JSON.parse(await readFile(this.file(id, state === 'used' ? 'used' : 'plan'), 'utf8')) as Plan;
  }

  /** A person's approval of a pending plan (`mcp approve`). */
  async approve(id: string, now: Date): Promise<Plan> {
    const state = await this.state(id);
    if (state === 'used') throw new UsageError(`${id} was applied already: a plan runs once.`);
    if (state === 'approved') throw new UsageError(`${id} is approved already.`);
    const plan = await this.read(id);
    await writeFileAtomically(this.file(id, 'approved'), `${JSON.stringify({ approvedAt: now.toISOString() })}\n`, { overwrite: false, flag: 'nothing' });
    return plan;
  }

  /**
   * The plan, taken for running: only an approved one, and only once (its file renamed in one
   * step; a second taker finds it gone). Otherwise the reason it may not run. `approved`: the
   * server's own target needs none (the embedded sandbox under --writes sandbox).
   */
  async take(id: string, options: { approved?: boolean } = {}): Promise<{ plan: Plan } | { refused: string }> {
    const state = await this.state(id);
    if (state === 'unknown') return { refused: `${id} names no plan: a write tool gives one.` };
    if (state === 'used') return { refused: `${id} was applied already: a plan runs once; ask the write tool for a new one.` };
    if (state === 'pending' && options.approved !== true)
      return { refused: `${id} is not approved. A person approves it in their own terminal: store-cli mcp approve ${id}` };
    const plan = await this.read(id);
    try {
      await rename(this.file(id, 'plan'), this.file(id, 'used'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { refused: `${id} was applied already: a plan runs once.` };
      throw error;
    }
    return { plan };
  }

  private file(id: string, kind: 'plan' | 'approved' | 'used'): string {
    return join(this.dir, `${id}.${kind}.json`);
  }
}
