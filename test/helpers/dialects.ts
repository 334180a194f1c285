// Both dialects of the sandbox (README "Sandbox dialects"): the suites of listings, errors,
// creates and imports run once against each, with `describe.each(DIALECTS)`, so the client
// is checked against the documented answers and against the real store's forms alike.
// Imports nothing from src/, so the spawned end-to-end tests may use it too.

export const DIALECTS = ['service', 'real'] as const;

export type DialectName = (typeof DIALECTS)[number];

/** The header family a dialect speaks: the real dialect is Genstore's. */
export function brandOf(dialect: DialectName | undefined): 'service' | 'genstore' {
  return dialect === 'real' ? 'genstore' : 'service';
}

/** The environment that names the dialect's family to the CLI (STORE_CLI_BRAND), so no run depends on finding it from a 401. */
export function brandEnv(dialect: DialectName | undefined): Record<string, string> {
  return { STORE_CLI_BRAND: brandOf(dialect) };
}

/** The header a client sends the token under in the dialect. */
export function tokenHeaderOf(dialect: DialectName | undefined): string {
  return dialect === 'real' ? 'X-Genstore-Access-Token' : 'X-Service-Access-Token';
}

/** `sandbox serve` arguments that pick the dialect. */
export function dialectArgs(dialect: DialectName): string[] {
  return ['--dialect', dialect];
}

/** The status a successful gift card create answers in the dialect. */
export function createdStatus(dialect: DialectName): number {
  return dialect === 'real' ? 201 : 200;
}

/** A time as the dialect writes it, from the service form `2025-10-02T11:30:00Z`. */
export function wireTime(dialect: DialectName, serviceForm: string): string {
  return dialect === 'real' ? serviceForm.replace(/Z$/, '.000') : serviceForm;
}
