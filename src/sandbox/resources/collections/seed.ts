// The collections' section of a seed: stored records, their ids fixed (checked with the rest
// of the catalog in products/seed.ts), and the demo set's collections (demo.json).
import * as z from 'zod';
import { seedSection } from '../resource.js';
import { collectionRecordSchema, type CollectionRecord } from '../products/record.js';
import demo from './demo.json' with { type: 'json' };

export const collectionSeed = seedSection({
  key: 'collections',
  schema: z.array(collectionRecordSchema).default([]),
  fill: (collections): CollectionRecord[] => collections,
  demo,
});
