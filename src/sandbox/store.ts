import * as z from 'zod';
import { demoData } from './demo.js';
import type { Dialect } from './dialect.js';
import { SandboxDataError } from './errors.js';
import { IdGenerator } from './ids.js';
import type { IdsAs } from './json.js';
import type { DefinitionCatalog } from './metafield-definitions.js';
import { CoalescingWriter, readDataFile, writeFileAtomic } from './persistence.js';
import type { Resource, ResourceEvent, Route } from './resource.js';
import { RESOURCE_FACTORIES } from './resources.js';

const STATE_FORMAT = 'store-cli-sandbox';
const STATE_VERSION = 1;

const stateSchema = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  lastId: z.string().regex(/^[0-9]{1,20}$/),
  data: z.record(z.string(), z.unknown()),
});

export interface StoreOptions {
  dataFile?: string;
  seed: 'demo' | 'none';
  currency: string;
  idsAs: IdsAs;
  dialect: Dialect;
  metafieldDefinitions: DefinitionCatalog;
  /** Receives the events webhooks announce; absent: nobody listens. */
  emit?: (event: ResourceEvent) => void;
}

function describeProblem(error: unknown): string {
  if (error instanceof z.ZodError) {
    const [issue] = error.issues;
    if (issue === undefined) return 'it does not match the expected shape';
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** All resources' in-memory state, their shared id sequence, and the data file behind them. */
export class SandboxStore {
  private readonly ids = new IdGenerator();
  private readonly writer: CoalescingWriter | undefined;
  readonly resources: readonly Resource[];

  private constructor(options: StoreOptions) {
    const file = options.dataFile;
    this.writer = file === undefined ? undefined : new CoalescingWriter(() => writeFileAtomic(file, this.serialize()));
    const env = {
      ids: this.ids,
      currency: options.currency,
      idsAs: options.idsAs,
      dialect: options.dialect,
      metafieldDefinitions: options.metafieldDefinitions,
      changed: () => this.writer?.schedule(),
      emit: options.emit ?? (() => {}),
    };
    this.resources = RESOURCE_FACTORIES.flatMap((factory) => factory(env));
  }

  static async open(options: StoreOptions): Promise<SandboxStore> {
    const store = new SandboxStore(options);
    const raw = options.dataFile === undefined ? undefined : await readDataFile(options.dataFile);
    if (raw !== undefined) {
      store.load(options.dataFile as string, raw, options.seed);
    } else if (options.seed === 'demo') {
      const demo = demoData();
      for (const resource of store.resources) resource.seed(demo);
      store.writer?.schedule();
    }
    return store;
  }

  get routes(): Route[] {
    return this.resources.flatMap((resource) => resource.routes);
  }

  /** Resolves once every mutation so far is on disk; rejects if a write failed. */
  flush(): Promise<void> {
    return this.writer?.flush() ?? Promise.resolve();
  }

  /**
   * A section the file lacks was written before its resource existed: with seed 'demo' it
   * gets the demo data (so the embedded sandbox always has the category tree), else it is empty.
   */
  private load(file: string, raw: unknown, seed: 'demo' | 'none'): void {
    const fail = (error: unknown): never => {
      throw new SandboxDataError(
        file,
        `The sandbox data file ${file} does not hold sandbox state (${describeProblem(error)}); repair it or remove it with "store-cli sandbox reset".`,
        { cause: error },
      );
    };
    const parsed = stateSchema.safeParse(raw);
    if (!parsed.success) return fail(parsed.error);
    let seeded = false;
    for (const resource of this.resources) {
      try {
        const section = parsed.data.data[resource.key];
        if (section === undefined && seed === 'demo') {
          resource.seed(demoData());
          seeded = true;
        } else resource.load(section);
      } catch (error) {
        if (error instanceof z.ZodError) {
          error.issues.forEach((issue) => issue.path.unshift('data', resource.key));
        }
        fail(error);
      }
    }
    this.ids.observe(parsed.data.lastId);
    if (seeded) this.writer?.schedule();
  }

  private serialize(): string {
    const data: Record<string, unknown> = {};
    for (const resource of this.resources) data[resource.key] = resource.dump();
    const state = { format: STATE_FORMAT, version: STATE_VERSION, lastId: this.ids.lastId, data };
    return `${JSON.stringify(state, null, 2)}\n`;
  }
}
