// The locations' section of a seed: the times default to when the seed is loaded, and the
// default location is added when the seed leaves it out (a store always has it). Stock is the
// products' (their variants' inventoryQuantities), which may name only these locations.
import * as z from 'zod';
import { isTimestamp } from '../dates.js';
import { seedSection, type SeedReport } from '../resource.js';
import { DEFAULT_LOCATION, KEY, locationRecordSchema, type LocationRecord } from './record.js';
import type { ProductRecord } from '../products/record.js';
import demo from './demo.json' with { type: 'json' };

const timestamp = z.string().refine(isTimestamp, 'must be a UTC timestamp like 2026-11-21T10:00:00Z');

const seedLocationSchema = locationRecordSchema.extend({ createTime: timestamp.optional(), updateTime: timestamp.optional() });
type SeedLocation = z.output<typeof seedLocationSchema>;

export const locationSeed = seedSection({
  key: KEY,
  schema: z.array(seedLocationSchema).default([]),
  check(seed: { locations: SeedLocation[]; products: ProductRecord[] }, report: SeedReport) {
    const known = new Map<string, number>();
    seed.locations.forEach((location, index) => {
      const same = known.get(location.locationId);
      if (same !== undefined) report(['locations', index, 'locationId'], `is the id of locations[${same}] too`);
      known.set(location.locationId, index);
    });
    seed.products.forEach((product, p) =>
      product.variants.forEach((variant, v) =>
        variant.inventoryQuantities.forEach((item, i) => {
          if (item.locationId !== DEFAULT_LOCATION.locationId && !known.has(item.locationId)) {
            report(['products', p, 'variants', v, 'inventoryQuantities', i, 'locationId'], 'names no location of the seed');
          }
        }),
      ),
    );
  },
  fill: (locations, { stamp }): LocationRecord[] => {
    const filled = locations.map((location) => {
      const createTime = location.createTime ?? stamp;
      return { ...location, createTime, updateTime: location.updateTime ?? createTime };
    });
    const hasDefault = filled.some((location) => location.locationId === DEFAULT_LOCATION.locationId);
    return hasDefault ? filled : [{ ...DEFAULT_LOCATION, createTime: stamp, updateTime: stamp }, ...filled];
  },
  demo,
});
