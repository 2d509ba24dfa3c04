// User mappings saved in the workspace, and the resolution of 'mapping' / 'mapping:<name>' formats.
import type { ApiOutput } from '../../shared/api';
import { MappingSpecSchema, SavedMappingSchema, type MappingSpec } from '../../shared/model';
import { TurnwiseError } from '../../shared/result';
import { jsonTextColumn } from '../store/row-schemas';
import type { Workspace } from '../store/workspace';

/** A tw_mappings row: the spec is its JSON column read as text. */
const MappingRow = SavedMappingSchema.extend({ spec: jsonTextColumn(MappingSpecSchema) });
type SavedMapping = ApiOutput<'saveMapping'>;

export async function listMappings(workspace: Workspace): Promise<SavedMapping[]> {
  return workspace.queryAs(
    MappingRow,
    `SELECT name, spec::VARCHAR AS spec, updated_at FROM tw_mappings ORDER BY name`,
  );
}

export async function saveMapping(
  workspace: Workspace,
  name: string,
  spec: MappingSpec,
): Promise<SavedMapping> {
  await workspace.run(`INSERT OR REPLACE INTO tw_mappings VALUES ($1, $2, now())`, [
    name,
    JSON.stringify(spec),
  ]);
  const [row] = await workspace.queryAs(
    MappingRow,
    `SELECT name, spec::VARCHAR AS spec, updated_at FROM tw_mappings WHERE name = $1`,
    [name],
  );
  if (!row) throw new TurnwiseError('internal', `mapping '${name}' was not saved`);
  return row;
}

/**
 * The mapping an import uses: the inline spec for format 'mapping', the saved one for
 * 'mapping:<name>', none for the built-in formats.
 */
export async function resolveMapping(
  workspace: Workspace,
  format: string,
  inline: MappingSpec | undefined,
): Promise<MappingSpec | undefined> {
  if (format === 'mapping') {
    if (!inline) throw new TurnwiseError('bad_request', "format 'mapping' needs a mapping spec");
    return inline;
  }
  if (!format.startsWith('mapping:')) return undefined;
  const name = format.slice('mapping:'.length);
  const saved = (await listMappings(workspace)).find((mapping) => mapping.name === name);
  if (!saved) throw new TurnwiseError('not_found', `no saved mapping named '${name}'`);
  return saved.spec;
}
