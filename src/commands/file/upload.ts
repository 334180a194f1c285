// `file upload PATH --url URL`: a file added to the store's library. The store takes a file by
// the public URL it is served at (About Material: "using an external URL"), never its bytes;
// PATH is that same file here, read for what the create must say of it: its size, and its
// kind and type by its extension, each checked against what the docs list and the sizes the
// help centre allows before anything is sent (docs/decisions.md "Files, themes and payments").
import { basename, extname } from 'node:path';
import {
  EXTENSIONS,
  fileTypeOf,
  MAX_BYTES,
  MAX_VIDEO_SECONDS,
  materials,
  type FileType,
  type Material,
  type MaterialKind,
} from '../../api/materials/declaration.js';
import { checkInput } from '../../api/rest-resource.js';
import { FieldError, UnconfirmedCreateError, UsageError } from '../../core/errors.js';
import { tableViews, type TableText } from '../crud.js';
import { DRY_RUN_NOTE, dryRunFlag } from '../dry-run.js';
import { arg, defineVerb, text, whole } from '../verb.js';

/** How a flag's value is named in errors, by the field it is sent as. */
const FLAG_OF: Readonly<Record<string, string>> = { title: '--title', url: '--url', introduction: '--introduction', duration: '--duration' };

/** A kind as a sentence names one file of it. */
const A_KIND: Readonly<Record<MaterialKind, string>> = { image: 'an image', audio: 'an audio file', video: 'a video', file: 'a document' };

const mebibytes = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/** What the store must be told of the file at `path`: its size and documented type, or one sentence saying why not (exit 2). */
async function fileFacts(path: string): Promise<{ size: number; type: FileType }> {
  const { open, stat } = await import('node:fs/promises');
  const refuse = (why: string) => new UsageError(`${path} ${why}; nothing was sent.`, false);
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'unknown error';
  // Asked before it is opened: opening a FIFO would wait for a writer.
  const info = await stat(path).catch((error: unknown) => {
    throw code(error) === 'ENOENT' ? refuse('does not exist') : refuse(`cannot be read (${code(error)})`);
  });
  if (info.isDirectory()) throw refuse('is a folder, not a file');
  if (!info.isFile()) throw refuse('is not a regular file: its size cannot be known before it is read');
  // Opened to be sure it can be read, as the same file is to be served at --url.
  const handle = await open(path, 'r').catch((error: unknown) => {
    throw refuse(`cannot be read (${code(error)})`);
  });
  await handle.close();
  const type = fileTypeOf(extname(path).slice(1));
  if (type === undefined) throw refuse(`is not of a type the store takes (by its extension): ${EXTENSIONS.join(', ')}`);
  if (info.size === 0) throw refuse('is empty');
  const most = MAX_BYTES[type.kind];
  if (info.size > most) throw refuse(`is ${info.size} bytes, more than the ${mebibytes(most)} (${most} bytes) the store takes for ${A_KIND[type.kind]}`);
  return { size: info.size, type };
}

export default (table: TableText<Material>) =>
  defineVerb({
    mutates: true,
    name: 'upload',
    summary: 'Add a file to the library from the URL it is served at; PATH gives its size and type',
    args: { path: arg('the file as served at --url, read for its size and type') },
    flags: {
      url: text('<url>', 'the public http(s) address the store copies the file from', { required: true }),
      title: text('<text>', "its title in the library, at most 255 characters (default: the file's name)"),
      introduction: text('<text>', 'its description, at most 500 characters'),
      duration: whole('<seconds>', `the length of an audio or video file (a video: at most ${MAX_VIDEO_SECONDS})`, { min: 1, max: 999_999 }),
      dryRun: dryRunFlag(),
    },
    json: { fields: Object.keys(materials.fields) },
    examples: [
      'store-cli file upload logo.png --url https://cdn.example.com/brand/logo.png',
      'store-cli file upload manual.pdf --url https://cdn.example.com/manual.pdf --title "Care manual" --json id,url',
      'store-cli file upload promo.mp4 --url https://cdn.example.com/promo.mp4 --duration 42 --dry-run',
    ],
    notes: `
The store copies the file from --url (POST material with {"material": {...}}): its bytes
are not sent, so serve it there first. PATH is the same file here: its size and its type by
extension are sent, checked first against the types the store takes (images bmp png jpeg
jpg gif svg webp heic, audio mp3 wma wav amr aac, video mp4 flv f4v webm avi mov, and
documents, css, json, txt, zip...) and its sizes (20 MiB; a video 400 MiB and 3 minutes).
Needs a token with the write_materials scope. A create whose answer is lost is not sent
again: file search --title shows whether it was made.
${DRY_RUN_NOTE}`,
    async run(options, ctx) {
      // --json's fields are checked before the file is read.
      const out = options.dryRun ? undefined : await ctx.output();
      const { size, type } = await fileFacts(options.path);
      if (options.duration !== undefined && type.kind !== 'audio' && type.kind !== 'video')
        throw new UsageError(`--duration is the length of an audio or video file; ${options.path} is ${A_KIND[type.kind]}. Nothing was sent.`);
      if (type.kind === 'video' && options.duration !== undefined && options.duration > MAX_VIDEO_SECONDS)
        throw new UsageError(`--duration ${options.duration}: a video may last at most ${MAX_VIDEO_SECONDS} seconds. Nothing was sent.`);
      let input: Record<string, unknown>;
      try {
        input = checkInput(materials, 'create', {
          title: options.title ?? basename(options.path),
          url: options.url,
          materialType: type.materialType,
          materialFileType: type.materialFileType,
          size: String(size),
          duration: options.duration === undefined ? undefined : String(options.duration),
          introduction: options.introduction,
        });
      } catch (error) {
        throw error instanceof FieldError ? error.named((root) => FLAG_OF[root]) : error;
      }
      if (options.dryRun) {
        const { runDry } = await import('../dry-run.js');
        return runDry(ctx, options, (api) => api.materials.create(input as never));
      }
      const [views, api] = await Promise.all([tableViews(table, Object.keys(materials.fields)), ctx.api()]);
      const made = await ctx
        .spin('Adding the file…', () => api.materials.create(input as never))
        .catch((error: unknown) => {
          throw error instanceof UnconfirmedCreateError
            ? error.withHint(`'store-cli file search --title "${String(input.title)}"' shows whether it was made.`)
            : error;
        });
      if (made === undefined) return ctx.say(`The store added the file without showing it; 'store-cli file search --title "${String(input.title)}"' shows it.`);
      await out!.item(made, views.detail);
    },
  });
