// Materials, the files of the store's library (About Material, partners.genstore.ai/docs/api-rest/58):
// made at `POST /material` "using an external URL" (the store copies the file from where it is
// served: the bytes are never sent), listed and searched at `GET /materials`. The object's
// fields are the docs' (every value text in the sample); what the docs say of each kind of
// file (its material type and file type codes by extension) and the help centre's sizes are
// here too. The search's parameters are past the readable part: `title` and `materialType`
// are sent and checked again on every file that comes back (docs/decisions.md "Files, themes
// and payments").
import { isLosslessNumber } from '../../core/json.js';
import type { PageBound } from '../../core/paginate.js';
import { isHttpUrl } from '../../core/target.js';
import { kind, RestApi, restResource, type PageQuery, type RecordOf } from '../rest-resource.js';
import { keptPages, pagesOf } from '../wire.js';

export const MATERIAL_PAGING = { max: 250, defaultLimit: 50, sinceId: true } as const;

export const materials = restResource({
  name: 'file',
  path: '/materials',
  createPath: '/material',
  wrap: { item: 'material', list: 'materials' },
  paging: MATERIAL_PAGING,
  id: 'id',
  fields: {
    id: kind.id(),
    title: kind.text({ max: 255, notBlank: true, write: 'required' }),
    /** 1 image, 2 audio, 3 video, 4 file (MATERIAL_TYPE). */
    materialType: kind.enum(['1', '2', '3', '4'], { write: 'required' }),
    /** The file's type by its extension (FILE_TYPES). */
    materialFileType: kind.pattern(/^[1-9]\d?$/, 'a documented file type code such as 2 (png)', { write: 'required' }),
    /** In bytes. */
    size: kind.pattern(/^[1-9]\d{0,11}$/, 'a size in bytes such as 10245', { write: 'required' }),
    url: kind.pattern(isHttpUrl, 'an absolute http or https URL such as https://cdn.example.com/logo.png', { max: 2048, write: 'required' }),
    optimizeUrl: kind.asSent(),
    coverImageUrl: kind.asSent(),
    /** Of audio and video, in seconds. */
    duration: kind.pattern(/^\d{1,6}$/, 'whole seconds such as 95', { write: true }),
    introduction: kind.text({ max: 500, write: true }),
    /** `[{key, value}]`: width and height of an image, as the store measures them. */
    materialDetailExts: kind.asSent(),
  },
  // No unique key tells a second file from the first: a create whose answer is lost is not resent.
  createOnce: true,
});

export type Material = RecordOf<typeof materials>;

// ---- what the docs say of each kind of file ----------------------------------------------

export const MATERIAL_KINDS = ['image', 'audio', 'video', 'file'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** The wire's materialType of each kind. */
export const MATERIAL_TYPE: Readonly<Record<MaterialKind, string>> = { image: '1', audio: '2', video: '3', file: '4' };

const MIB = 1024 * 1024;

/** The largest file of each kind the store takes, in bytes (the help centre's MB read as MiB). */
export const MAX_BYTES: Readonly<Record<MaterialKind, number>> = { image: 20 * MIB, audio: 20 * MIB, video: 400 * MIB, file: 20 * MIB };

/** The longest video, in seconds. */
export const MAX_VIDEO_SECONDS = 180;

/** Each extension the docs list: its kind and its materialFileType. */
const FILE_TYPES: Readonly<Record<string, readonly [MaterialKind, string]>> = {
  bmp: ['image', '1'],
  png: ['image', '2'],
  jpeg: ['image', '3'],
  jpg: ['image', '4'],
  gif: ['image', '5'],
  svg: ['image', '24'],
  webp: ['image', '25'],
  heic: ['image', '26'],
  mp3: ['audio', '6'],
  wma: ['audio', '7'],
  wav: ['audio', '8'],
  amr: ['audio', '9'],
  aac: ['audio', '28'],
  mp4: ['video', '10'],
  flv: ['video', '11'],
  f4v: ['video', '12'],
  webm: ['video', '13'],
  avi: ['video', '14'],
  mov: ['video', '27'],
  doc: ['file', '15'],
  docx: ['file', '16'],
  xls: ['file', '18'],
  xlsx: ['file', '19'],
  ppt: ['file', '20'],
  pptx: ['file', '21'],
  pdf: ['file', '22'],
  css: ['file', '30'],
  rar: ['file', '31'],
  rtf: ['file', '32'],
  txt: ['file', '33'],
  zip: ['file', '34'],
  dotx: ['file', '35'],
  json: ['file', '36'],
  potx: ['file', '37'],
  ppsx: ['file', '38'],
  xmind: ['file', '39'],
};

/** The extensions the store takes. */
export const EXTENSIONS: readonly string[] = Object.keys(FILE_TYPES);

export interface FileType {
  kind: MaterialKind;
  materialType: string;
  materialFileType: string;
}

/** The documented type of a file by its extension (any case), or undefined. */
export function fileTypeOf(extension: string): FileType | undefined {
  const lower = extension.toLowerCase();
  const found = Object.hasOwn(FILE_TYPES, lower) ? FILE_TYPES[lower] : undefined;
  return found && { kind: found[0], materialType: MATERIAL_TYPE[found[0]], materialFileType: found[1] };
}

/** A materialType as its word (`1` is image), or undefined for a code the docs do not list. */
export function kindOfType(code: string): MaterialKind | undefined {
  return MATERIAL_KINDS.find((name) => MATERIAL_TYPE[name] === code);
}

// ---- the search ---------------------------------------------------------------------------

/** What `file search` asks for: part of the title (ignoring case), a kind's materialType. */
export interface MaterialFilter {
  title?: string;
  materialType?: string;
}

/** A field's text: a string, or a number's digits as sent; undefined for anything else. */
const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || isLosslessNumber(value) ? String(value) : undefined;

/**
 * Whether a file the store answered matches what was asked: part of its title ignoring case,
 * its materialType exactly. A field the file does not carry as text leaves the store's word.
 */
export function materialMatcher(filter: MaterialFilter): (material: Material) => boolean {
  const part = filter.title?.toLowerCase();
  return (material) => {
    const title = textOf(material.title);
    if (part !== undefined && title !== undefined && !title.toLowerCase().includes(part)) return false;
    const type = textOf(material.materialType);
    return filter.materialType === undefined || type === undefined || type === filter.materialType;
  };
}

export class MaterialsApi extends RestApi<typeof materials> {
  /**
   * Files matching the filter, page after page: the filter sent as `title` and `materialType`
   * (a next page's token carries it) and checked again on each file, so a store that ignores a
   * parameter can narrow the answer but never widen it.
   */
  search(filter: MaterialFilter, page: Omit<PageQuery, 'sinceId'>, all: boolean, bound?: PageBound): AsyncGenerator<Material[], string | undefined> {
    const limit = page.limit?.toString();
    const first = page.pageToken !== undefined ? { pageToken: page.pageToken, limit } : { title: filter.title, materialType: filter.materialType, limit };
    const pages = pagesOf(this.transport, this.at(), first, (body) => this.readList(body), {
      all,
      defaultLimit: MATERIAL_PAGING.defaultLimit,
      ...(bound ? { bound } : {}),
    });
    return keptPages(pages, materialMatcher(filter));
  }
}
