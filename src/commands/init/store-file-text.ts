// The text `store-cli init` writes: TOML by hand, for its comments (a serializer drops them).
// Names are profile names (letters, digits, '.', '_', '-'), quoted as keys where TOML's bare
// keys do not allow them (a '.').
import { isLoopbackHost } from '../../core/target.js';

export interface SavedProfile {
  name: string;
  baseUrl?: string | undefined;
}

const key = (name: string) => (/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name));

export function storeFileText(profiles: readonly SavedProfile[], env: string): string {
  const lines = [
    "# This folder's stores, for store-cli (docs/fleet.md). No token belongs here: each",
    "# profile's token stays in store-cli's config file ('store-cli auth login') or in STORE_CLI_TOKEN.",
    '[store]',
    `env = ${JSON.stringify(env)}`,
  ];
  for (const profile of profiles) {
    const host = profile.baseUrl === undefined || !URL.canParse(profile.baseUrl) ? undefined : new URL(profile.baseUrl).hostname;
    lines.push(
      '',
      `[environments.${key(profile.name)}]`,
      `profile = ${JSON.stringify(profile.name)}`,
      `# expect_domain = ${JSON.stringify(host !== undefined && !isLoopbackHost(host) ? host : 'shop.example.com')}` +
        `  # the shop's own domain ('store-cli shop info'), checked before a write`,
      '# protected = true   # every write asks, naming the shop (without a terminal: --yes --confirm-store DOMAIN)',
      '# read_only = true   # every request but GET is refused',
    );
  }
  lines.push('', '[groups]', '# prod = ["prod-eu", "prod-us"]', '');
  return lines.join('\n');
}
