// The reference catalog opening compares against is the one the migrations make now, as this
// DuckDB renders it; a new migration or a DuckDB upgrade makes this fail until it is regenerated.
import { describe, expect, it } from 'vitest';
import { buildReferenceCatalog } from './reference-catalog';
import { SCHEMA_VERSION } from './migrations';
import REFERENCE from './schema-catalog.generated.json' with { type: 'json' };

describe('schema-catalog.generated.json', () => {
  it('is current (else run: npm run generate)', async () => {
    expect(REFERENCE).toEqual(await buildReferenceCatalog());
  });

  it('holds the public views, the tables and the attach macros of this schema version', () => {
    expect(REFERENCE.schema_version).toBe(SCHEMA_VERSION);
    const names = (kind: string) =>
      REFERENCE.objects.filter((o) => o.kind === kind).map((o) => o.name);
    expect(names('view')).toEqual(expect.arrayContaining(['trajectories', 'turns', 'datasets']));
    expect(names('table')).toEqual(expect.arrayContaining(['tw_meta', 'tw_turns', 'tw_settings']));
    expect(names('macro')).toEqual(expect.arrayContaining(['tw_role', 'tw_is_action']));
    expect(REFERENCE.objects.every((o) => o.schema === 'main')).toBe(true);
  });
});
