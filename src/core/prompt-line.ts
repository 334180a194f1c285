// The active target in one line for a shell prompt (starship, powerlevel10k): read from the
// files alone, store.toml and the config file, with no request and none of the heavy modules
// (undici, zod, conf), since a prompt runs it before every command line. Its domain is the
// environment's expect_domain, else the host of the store the profile is saved with (or
// STORE_CLI_BASE_URL/--base-url, as a request would go).
import { readConfigFile } from './config.js';
import { CliError, ExitCode, UsageError } from './errors.js';
import { escapeControls, escapeLine } from './io.js';
import { configDir, type Env } from './paths.js';
import { loadStoreFile } from './store-file.js';
import { profileNamedOutright, resolveProfile, type TargetFlags } from './target.js';

export const DEFAULT_PROMPT_FORMAT = '{env}@{domain}';

const PLACEHOLDER = /\{(env|profile|domain|guard)\}/g;

export interface PromptTarget {
  /** The store.toml environment, else the profile's name. */
  env: string;
  profile: string;
  /** '' when neither the environment nor the profile says. */
  domain: string;
  /** `read-only`, `protected` or ''. */
  guard: string;
}

export async function promptTarget(flags: TargetFlags, env: Env, cwd: string): Promise<PromptTarget> {
  const named = profileNamedOutright(flags, env);
  const [file, config] = await Promise.all([loadStoreFile(cwd), readConfigFile(configDir(env))]);
  const profile = resolveProfile(flags, env, config.defaultProfile, named ? undefined : file);
  const environment = profile.environment === undefined ? undefined : file?.environments.get(profile.environment.name);
  const baseUrl = flags.baseUrl || env.STORE_CLI_BASE_URL || config.profile(profile.value)?.baseUrl;
  const host = baseUrl !== undefined && URL.canParse(baseUrl) ? new URL(baseUrl).hostname : '';
  const readOnly =
    environment?.readOnly === true || (env.STORE_CLI_READ_ONLY !== undefined && !['', '0', 'false'].includes(env.STORE_CLI_READ_ONLY.toLowerCase()));
  return {
    env: environment?.name ?? profile.value,
    profile: profile.value,
    domain: environment?.expectDomain ?? host,
    guard: readOnly ? 'read-only' : environment?.protected === true ? 'protected' : '',
  };
}

/** `format` with its placeholders filled in, each value escaped (a file's bytes never drive the terminal). */
export function promptText(target: PromptTarget, format: string | undefined): string {
  // The default leaves out an '@' with nothing after it.
  const chosen = format ?? (target.domain === '' ? '{env}' : DEFAULT_PROMPT_FORMAT);
  const unknown = /\{([^{}]*)\}/g.exec(chosen.replace(PLACEHOLDER, ''));
  if (unknown) throw new UsageError(`--format names {${unknown[1]}}, which is none of {env}, {profile}, {domain}, {guard}.`);
  return chosen.replace(PLACEHOLDER, (_all, name: keyof PromptTarget) => escapeControls(target[name]));
}

/**
 * What the launcher answers for `prompt` alone or with --format (quick-answers.ts): its work without
 * commander or the context, so a shell prompt pays little more than node's start-up. An
 * error is the command's: one line on stderr, the exit code of its class.
 */
export async function promptFast(format: string | undefined, env: Env, cwd: string, out: (text: string) => void, err: (text: string) => void): Promise<number> {
  try {
    out(`${promptText(await promptTarget({}, env, cwd), format)}\n`);
    return ExitCode.ok;
  } catch (error) {
    err(`error: ${escapeLine(error instanceof Error ? error.message : String(error))}\n`);
    return error instanceof CliError ? error.exitCode : ExitCode.failure;
  }
}
