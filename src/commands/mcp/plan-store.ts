// The MCP server's plans: what a write tool would send, kept in the data directory until a
// person approves it in their own terminal (`store-cli mcp approve PLAN-ID`), or the server's
// policy or its sandbox lets it go, and apply_plan runs it, once. Each is a file of its own,
// 0600, written atomically and never changed; the approval is another file, which only a
// process outside the model's reach writes. Running a plan first renames its file (one step on
// the file system), so two applies of one plan cannot both run it; how it ended is a third
// file (`mcp plans` lists them all).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { exists, writeFileAtomically } from '../../core/atomic-file.js';
import { UsageError } from '../../core/errors.js';

/** One command of a plan: a write tool's call (a batch holds several), or undo_run's undo. */
export interface PlanStep {
  /** The tool that made it: `giftcard_create`. */
  tool: string;
  /** The command line it runs after the plan's global flags, as its dry run ran it but for --dry-run. */
  argv: string[];
  /** The exact requests of its dry run (undo_run's: the undo's plan, a line a key). */
  requests: unknown;
}

export interface Plan {
  planId: string;
  createdAt: string;
  /** The global flags every step runs with: the store the server served when it planned. */
  globals: string[];
  /** That store as people read it: `profile staging (environment staging)`, `the embedded sandbox`. */
  store: string;
  /** The shop it goes to, as `shop info` named it when planned; null where that failed. */
  target: { shopName: unknown; domain: unknown } | null;
  steps: PlanStep[];
  /** What it writes, as a policy counts it (policy.ts): objects, and the money its amounts move. */
  objects: number;
  money: string;
  /** The nouns it writes (`giftcard`); undo_run's, those of the run it undoes. */
  nouns: string[];
  /** undo_run's plan: the run it undoes. */
  undoes?: string;
}

/** How an applied plan ended (`<id>.applied.json`). */
export interface AppliedRecord {
  appliedAt: string;
  /** What let it run: a person's `mcp approve`, the server's policy, or a sandbox (no store at risk). */
  by: 'approval' | 'policy' | 'sandbox';
  /** The run it was (`store-cli runs`, `store-cli undo`); none for undo_run's plan, whose undo is recorded on the run it undid. */
  runId?: string;
  exitCode: number;
  /** Why it stopped, when it failed. */
  error?: string;
}

export type PlanState = 'pending' | 'approved' | 'used' | 'unknown';

/** A plan as `mcp plans` lists it: its state, and how it ended once applied. */
export interface PlanEntry {
  plan: Plan;
  state: Exclude<PlanState, 'unknown'>;
  approvedAt?: string;
  applied?: AppliedRecord;
}

const PLAN_ID = /^plan-[0-9a-f]{24}$/;
const FILE = /^(plan-[0-9a-f]{24})\.(plan|used)\.json$/;

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
    return planOf(JSON.parse(await readFile(this.file(id, state === 'used' ? 'used' : 'plan'), 'utf8')));
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
   * plan needs no person's approval (the server's policy allows it, or its target is a sandbox).
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

  /** How a taken plan's run ended. */
  async recordApplied(id: string, record: AppliedRecord): Promise<void> {
    await writeFileAtomically(this.file(id, 'applied'), `${JSON.stringify(record, null, 2)}\n`, { overwrite: false, flag: 'nothing' });
  }

  /** Every plan kept, newest first; a file that is no plan (cut, or written by hand) is left out. */
  async list(): Promise<PlanEntry[]> {
    const entries: Array<PlanEntry & { written: bigint }> = [];
    for (const name of await readdir(this.dir)) {
      const match = FILE.exec(name);
      if (!match) continue;
      const id = match[1]!;
      const used = match[2] === 'used';
      let plan: Plan;
      let written: bigint;
      try {
        plan = planOf(JSON.parse(await readFile(join(this.dir, name), 'utf8')));
        written = (await stat(join(this.dir, name), { bigint: true })).mtimeNs;
      } catch {
        continue;
      }
      const approval = await readJson(this.file(id, 'approved'));
      const applied = used ? await readJson(this.file(id, 'applied')) : undefined;
      entries.push({
        plan,
        state: used ? 'used' : approval !== undefined ? 'approved' : 'pending',
        ...(typeof approval?.approvedAt === 'string' ? { approvedAt: approval.approvedAt } : {}),
        ...(applied !== undefined ? { applied: applied as unknown as AppliedRecord } : {}),
        written,
      });
    }
    // Two plans made in one millisecond: the file written last is the newer.
    const newest = (a: (typeof entries)[number], b: (typeof entries)[number]) =>
      a.plan.createdAt !== b.plan.createdAt ? (a.plan.createdAt < b.plan.createdAt ? 1 : -1) : a.written < b.written ? 1 : a.written > b.written ? -1 : 0;
    return entries.sort(newest).map(({ written: _written, ...entry }) => entry);
  }

  private file(id: string, kind: 'plan' | 'approved' | 'used' | 'applied'): string {
    return join(this.dir, `${id}.${kind}.json`);
  }
}

/**
 * A plan file read: one of an earlier version (a single command, its global flags within its
 * command line) is read as one step with no global flags, which no server's store matches,
 * so it is listed and approved but not applied.
 */
function planOf(raw: unknown): Plan {
  const value = raw as Partial<Plan> & { tool?: unknown; argv?: unknown; requests?: unknown };
  if (typeof value !== 'object' || value === null || typeof value.planId !== 'string') throw new Error('no plan');
  if (Array.isArray(value.steps)) return value as Plan;
  return {
    planId: value.planId,
    createdAt: String(value.createdAt ?? ''),
    globals: [],
    store: 'not named (a plan of an earlier version)',
    target: value.target ?? null,
    steps: [{ tool: String(value.tool ?? ''), argv: Array.isArray(value.argv) ? (value.argv as string[]) : [], requests: value.requests ?? null }],
    objects: 0,
    money: '0',
    nouns: [],
  };
}

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(path, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
