// Writes engine/store/schema-catalog.generated.json: the catalog the migrations make,
// which opening a workspace compares against (docs/security.md, "A received workspace").
// Run: npx tsx scripts/generate/schema-catalog.ts   (schema-catalog.test.ts fails when stale)
import path from 'node:path';
import { buildReferenceCatalog } from '../../engine/store/reference-catalog';
import { formatted, ROOT, write } from './generated-file';

export const SCHEMA_CATALOG_FILE = 'engine/store/schema-catalog.generated.json';

export async function schemaCatalogSource(): Promise<string> {
  const text = `${JSON.stringify(await buildReferenceCatalog(), null, 2)}\n`;
  return formatted(path.join(ROOT, SCHEMA_CATALOG_FILE), text);
}

if (process.argv[1] === import.meta.filename)
  write(SCHEMA_CATALOG_FILE, await schemaCatalogSource());
