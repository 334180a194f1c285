// The metafield definitions' section of a seed: what type each field holds (values are checked
// against it, see metafields/seed.ts), and the demo set's definitions (demo.json).
import * as z from 'zod';
import { seedSection } from '../resource.js';
import demo from './demo.json' with { type: 'json' };
import { definitionSchema, noDuplicateDefinitions, toDefinition, type MetafieldDefinition } from './definitions.js';

export const definitionSeed = seedSection({
  key: 'metafieldDefinitions',
  schema: z.array(definitionSchema).superRefine(noDuplicateDefinitions('metafieldDefinitions')).default([]),
  fill: (definitions): MetafieldDefinition[] => definitions.map(toDefinition),
  demo,
});
