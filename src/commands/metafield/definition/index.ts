import type { Noun } from '../../types.js';
import * as create from './create.js';
import * as del from './delete.js';
import * as exportDefinitions from './export.js';
import * as get from './get.js';
import * as importDefinitions from './import.js';
import * as list from './list.js';
import * as update from './update.js';

export const definition: Noun = {
  name: 'definition',
  summary: 'The metafield definitions: the type, rule and name each (domain, namespace, code) holds; copy them between stores with export and import',
  verbs: [list, get, create, update, del, exportDefinitions, importDefinitions],
};
