import demo from './data/demo.json' with { type: 'json' };
import { demoDataSchema, type DemoData } from './data/demo-schema.js';

let parsed: DemoData | undefined;

/** The demo data set, checked against its schema on first use (a broken file fails loudly, once). */
export function demoData(): DemoData {
  parsed ??= demoDataSchema.parse(demo);
  return parsed;
}
