// The `metafield definition` noun, below `metafield`: the definitions that give each (domain,
// namespace, code) its type and rule, by which values are converted and checked; export and
// import copy them from one store to another.
import type { Noun } from '../../types.js';
import create from './create.js';
import del from './delete.js';
import exportDefinitions from './export.js';
import get from './get.js';
import importDefinitions from './import.js';
import list from './list.js';
import update from './update.js';

export const definition: Noun = {
  name: 'definition',
  summary: 'The metafield definitions: the type, rule and name each (domain, namespace, code) holds; copy them between stores with export and import',
  verbs: [list, get, create, update, del, exportDefinitions, importDefinitions],
};
