// Every output a run makes, checked together before anything is sent (exit 2, no request, no
// file made): no two are one file, none is a file the run reads or the stdout its data goes
// to, a secret never goes to a terminal, and each can be written where it points (its folder
// is there and takes files, a file to write in place takes writes). Files are compared by
// what they are, not by how they are named: `F`, `./F`, an absolute path, a symlink, a hard
// link and the file a shell redirected stdin or stdout from are all F (core/output-target.ts).
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { FieldError, type NameOf } from '../../core/errors.js';
import { identityOfFd, identityOfPath, identityOfStream, sameFile, type FileIdentity } from '../../core/file-identity.js';
import { outputTarget, placeOf, samePlace, type OutputPlace, type OutputTarget } from '../../core/output-target.js';
import type { OutputContract } from './output-sink.js';

/** An output a run will write. */
export interface PlannedOutput {
  /** The flag, as a FieldError names it: 'output', 'rejects', 'results', 'codesOut', 'report'. */
  field: string;
  /** As given: `-` is stdout. */
  path: string;
  contract: OutputContract;
  /** A report's format: the output is then spelled `--report json=F`. */
  format?: string;
  /** It holds secrets (generated codes): never a terminal. */
  secret?: boolean;
}

/** A file the run reads, which no output may be: `-` is stdin. */
export interface ReadFile {
  path: string;
  /** "the file being imported", "the --objects file". */
  what: string;
}

export interface OutputSurroundings {
  stdin: Readable;
  stdout: Writable;
  isStdoutTTY: boolean;
  /** What the run itself writes to stdout ("the rows go", "the --json summary goes"), when it writes there. */
  stdoutHolds?: string | undefined;
  inputs: readonly ReadFile[];
}

/** A refusal of the outputs, naming every output some check found wrong: a refused run's reports go to none of them. */
export class OutputsRefused extends FieldError {
  constructor(
    field: string,
    sentence: (name: NameOf) => string,
    readonly unsafe: ReadonlySet<PlannedOutput>,
  ) {
    super(field, sentence, false);
  }
}

interface Problem {
  output: PlannedOutput;
  others: PlannedOutput[];
  sentence: (name: NameOf) => string;
}

/** How a sentence names an output: `--rejects F`, `--report json=F`. */
function spelled(output: PlannedOutput, name: NameOf): string {
  return output.format === undefined ? `${name(output.field)} ${output.path}` : `${name(output.field)} ${output.format}=${output.path}`;
}

/** Each output's target, once every check passed; else an OutputsRefused naming the first problem. */
export async function checkOutputs(outputs: readonly PlannedOutput[], around: OutputSurroundings): Promise<Map<PlannedOutput, OutputTarget>> {
  const problems: Problem[] = [];
  const targets = new Map<PlannedOutput, OutputTarget>();
  const places = new Map<PlannedOutput, OutputPlace>();
  const stdoutPlace: OutputPlace = await placeOf({ kind: 'stdout' }, around.stdout);
  const inputs = await Promise.all(around.inputs.map(async (input) => ({ ...input, identity: await inputIdentity(input.path, around.stdin) })));

  for (const output of outputs) {
    const target = await outputTarget(output.path);
    const place = await placeOf(target, around.stdout);
    targets.set(output, target);
    places.set(output, place);
    const refuse = (sentence: (name: NameOf) => string) => problems.push({ output, others: [], sentence });
    const input = inputs.find((file) => sameFile(place.identity, file.identity));
    if (input !== undefined) {
      const what = input.path === '-' ? 'the file stdin reads from' : `${input.what} (${input.path})`;
      refuse((name) => `${spelled(output, name)} is ${what}: writing it would destroy the input; give another file. Nothing was sent.`);
      continue;
    }
    if (around.stdoutHolds !== undefined && samePlace(place, stdoutPlace)) {
      refuse((name) => `${spelled(output, name)} is stdout, where ${around.stdoutHolds}; give another file. Nothing was sent.`);
      continue;
    }
    if (output.secret === true && target.kind === 'stdout' && around.isStdoutTTY) {
      refuse(
        (name) =>
          `${spelled(output, name)} is the terminal: the codes it holds must not stay ` +
          `on a screen or in its scrollback; give a file, or pipe stdout. Nothing was sent.`,
      );
      continue;
    }
    const unwritable = await whyUnwritable(target, output.contract);
    if (unwritable !== undefined) refuse((name) => `${spelled(output, name)}${unwritable}. Nothing was sent.`);
  }

  for (const [index, later] of outputs.entries()) {
    const earlier = outputs.slice(0, index).find((other) => samePlace(places.get(other)!, places.get(later)!));
    if (earlier === undefined) continue;
    const lost = later.secret === true || earlier.secret === true ? ': the generated codes would be lost' : '';
    problems.push({
      output: later,
      others: [earlier],
      sentence: (name) =>
        places.get(later)!.stdout
          ? `${spelled(later, name)} and ${spelled(earlier, name)} are both stdout${lost}; give two places. Nothing was sent.`
          : `${spelled(later, name)} and ${spelled(earlier, name)} are the same file${lost}; give two files. Nothing was sent.`,
    });
  }

  const [first] = problems;
  if (first === undefined) return targets;
  const unsafe = new Set(problems.flatMap((problem) => [problem.output, ...problem.others]));
  throw new OutputsRefused(first.output.field, first.sentence, unsafe);
}

/** One output's own checks (output-check's last): it can be written where it points, as its contract says. */
export async function checkWritable(output: PlannedOutput): Promise<void> {
  const unwritable = await whyUnwritable(await outputTarget(output.path), output.contract);
  if (unwritable !== undefined) throw new OutputsRefused(output.field, (name) => `${spelled(output, name)}${unwritable}. Nothing was sent.`, new Set([output]));
}

async function inputIdentity(path: string, stdin: Readable): Promise<FileIdentity | undefined> {
  return path === '-' ? identityOfStream(stdin) : identityOfPath(path);
}

/** Why `target` cannot be written as `contract` says (a phrase after its name), or undefined. */
async function whyUnwritable(target: OutputTarget, contract: OutputContract): Promise<string | undefined> {
  if (target.kind === 'stdout') return undefined;
  if (target.kind === 'descriptor') return identityOfFd(target.fd) === undefined ? `: descriptor ${target.fd} is not open` : undefined;
  if (target.kind === 'in-place') return access(target.path, constants.W_OK).then(noProblem, (error) => `: cannot write it (${codeOf(error)})`);
  const existing = await stat(target.path).catch(() => undefined);
  if (existing?.isDirectory()) return ' is a folder; give a file name';
  if (existing !== undefined && contract === 'new') return ' exists already: this file is always created new, so that nothing is written over; give a new file';
  // Written in place: the file itself must take writes.
  if (existing !== undefined && contract === 'lines') {
    const refused = await access(target.path, constants.W_OK).then(noProblem, (error) => `: cannot write it (${codeOf(error)})`);
    if (refused !== undefined) return refused;
  }
  // Written beside it and renamed, or created: its folder must be there and take files.
  const folder = dirname(resolve(target.path));
  const info = await stat(folder).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error) return info.code === 'ENOENT' ? `: its folder ${folder} does not exist` : `: cannot reach its folder ${folder} (${codeOf(info)})`;
  if (!info.isDirectory()) return `: ${folder} is not a folder`;
  return access(folder, constants.W_OK).then(noProblem, (error) => `: cannot write a file in ${folder} (${codeOf(error)})`);
}

const noProblem = () => undefined;

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
