// kleur decides colour from process.stdout at import; we decide per stream instead
// (stdout and stderr can differ), so kleur is always on and we pick identity when off.
import kleur from 'kleur';

kleur.enabled = true;

export interface Palette {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const plain = (s: string) => s;

export function palette(enabled: boolean): Palette {
  if (!enabled) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain };
  return {
    bold: (s) => kleur.bold(s),
    dim: (s) => kleur.dim(s),
    red: (s) => kleur.red(s),
    green: (s) => kleur.green(s),
    yellow: (s) => kleur.yellow(s),
    cyan: (s) => kleur.cyan(s),
  };
}
