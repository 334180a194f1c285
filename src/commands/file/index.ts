// `file upload|list|search`: the files of the store's library (About Material). `list` is the
// kit's over api/materials/declaration.ts; `upload` (a local file's size and type, the store
// copying it from its URL) and `search` (a title or a kind, checked again on the client) serve
// this resource alone, so they are written by hand and share the table below.
import { EXTENSIONS, fileTypeOf, kindOfType, materials, type Material } from '../../api/materials/declaration.js';
import { crudNoun, type TableText } from '../crud.js';
import search from './search.js';
import upload from './upload.js';

const READ_SCOPES = 'Needs a token with the read_materials or write_materials scope.';

/** A file's kind in words (`image`), or the code as the store sent it. */
const kindText = (record: Material, text: (value: unknown) => string) => kindOfType(text(record.materialType)) ?? text(record.materialType);

/** A file's type as its extension (`png`), or the code as the store sent it. */
const extensionText = (record: Material, text: (value: unknown) => string) =>
  EXTENSIONS.find((extension) => fileTypeOf(extension)?.materialFileType === text(record.materialFileType)) ?? text(record.materialFileType);

export const FILE_TABLE: TableText<Material> = {
  list: ['id', 'materialType', 'size', 'title', 'url'],
  drop: ['url'],
  columns: {
    id: 'ID',
    materialType: { header: 'TYPE', value: kindText },
    materialFileType: { header: 'FILE TYPE', value: extensionText },
    title: { shrinkable: true },
    url: { header: 'URL', shrinkable: true },
    optimizeUrl: 'OPTIMIZED URL',
    coverImageUrl: 'COVER URL',
    materialDetailExts: 'DETAILS',
  },
};

export const file = crudNoun(
  materials,
  {
    noun: 'file',
    summary: "Add files to the store's library from their URL, list and search them",
    api: (api) => api.materials,
    fields: {},
    table: FILE_TABLE,
    list: {
      summary: "List the files of the store's library, up to 250 a page; --all follows every page",
      examples: ['store-cli file list', 'store-cli file list --all --json id,title,url', 'store-cli file list --jsonl | jq -r .url'],
      notes: `\n${READ_SCOPES} Ascending by id. TYPE is image, audio, video or file; SIZE is in\nbytes. file search finds them by title or type.\n`,
    },
  },
  [upload(FILE_TABLE), search(FILE_TABLE)],
);
