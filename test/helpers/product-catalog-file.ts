// A product import file for tests that count what a run made: `count` products of two
// variants each (S and M), titled by a prefix so each test finds its own products.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `count` products of two variants each, titled `${prefix} ${i}`, written as `${prefix}.csv` in `dir`. */
export function catalogFile(dir: string, prefix: string, count: number): string {
  let text = 'handle,title,status,option1Name,option1Value,sku,price,inventory:Main Warehouse\n';
  for (let i = 0; i < count; i++) {
    for (const size of ['S', 'M']) text += `${prefix}-${i},${prefix} ${i},active,Size,${size},${prefix.toUpperCase()}-${i}-${size},${10 + i}.50,${i}\n`;
  }
  const file = join(dir, `${prefix}.csv`);
  writeFileSync(file, text);
  return file;
}
