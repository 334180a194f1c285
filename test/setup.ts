// Runs before every test file (vitest.config.ts setupFiles), also when a worker runs many
// files in one module graph (isolate false): what a file leaves behind is undone when that
// file ends, not when the worker does.
import { afterAll } from 'vitest';
import { removeFileScratch } from './helpers/scratch.js';

afterAll(removeFileScratch);
