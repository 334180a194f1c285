// The materials (record.ts) with what the table cannot say: a create's file type must be one
// the docs list for its material type (1 image, 2 audio, 3 video, 4 file), its size within what
// the help centre allows (20 MB, a video 400 MB; read as MiB) and a video at most 3 minutes;
// the store then makes the optimized and cover addresses an image or a video is shown by.
import { invalid, type FieldError } from '../../http/sandbox-errors.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv } from '../resource.js';
import { materialTable, type MaterialRecord } from './record.js';

export { SCOPES } from './record.js';

/** The file type codes About Material lists under each material type. */
const FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  '1': ['1', '2', '3', '4', '5', '24', '25', '26'],
  '2': ['6', '7', '8', '9', '28'],
  '3': ['10', '11', '12', '13', '14', '27'],
  '4': ['15', '16', '18', '19', '20', '21', '22', '30', '31', '32', '33', '34', '35', '36', '37', '38', '39'],
};

const MIB = 1024 * 1024;
const MAX_BYTES: Readonly<Record<string, number>> = { '1': 20 * MIB, '2': 20 * MIB, '3': 400 * MIB, '4': 20 * MIB };
const MAX_VIDEO_SECONDS = 180;

/** The file's address with another extension, as the store serves an image's optimized copy or a cover. */
function withExtension(url: string, extension: string): string {
  const address = new URL(url);
  address.pathname = address.pathname.replace(/(\.[A-Za-z0-9]+)?$/, `.${extension}`);
  address.search = '';
  return address.href;
}

export function createMaterialResource(env: ResourceEnv): TableResource<MaterialRecord> {
  return materialTable.resource(env, {
    beforeSave(record) {
      const problems: FieldError[] = [];
      const { materialType: type, materialFileType, size, duration } = record;
      if (!FILE_TYPES[type]!.includes(materialFileType))
        problems.push({ field: 'material.materialFileType', message: `must be a file type of material type ${type}: ${FILE_TYPES[type]!.join(', ')}` });
      if (BigInt(size) > BigInt(MAX_BYTES[type]!))
        problems.push({ field: 'material.size', message: `must be at most ${MAX_BYTES[type]} bytes for material type ${type}` });
      if (type === '3' && duration !== undefined && Number(duration) > MAX_VIDEO_SECONDS)
        problems.push({ field: 'material.duration', message: `must be at most ${MAX_VIDEO_SECONDS} seconds for a video` });
      if (problems.length > 0) throw invalid(problems);
      const shown = type === '1' || type === '3';
      return {
        ...record,
        optimizeUrl: type === '1' ? withExtension(record.url, 'webp') : record.url,
        coverImageUrl: shown ? withExtension(record.url, 'jpg') : '',
      };
    },
  });
}
