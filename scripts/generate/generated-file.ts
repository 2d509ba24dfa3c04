// Files written from a single source (the API contract, the export-target registry): each
// generator returns the text, `write` stores it and `isCurrent` lets a test fail on a stale copy.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Text as Prettier leaves it, so the committed file passes `prettier --check`. */
export async function formatted(file: string, text: string): Promise<string> {
  const config = (await resolveConfig(file)) ?? {};
  return format(text, { ...config, filepath: file });
}

export function read(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

export function write(file: string, text: string): void {
  writeFileSync(path.join(ROOT, file), text);
  console.log(`wrote ${file}`);
}
