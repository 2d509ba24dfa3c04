// An attachment read back from a workspace file is input like any other: a workspace made
// elsewhere could hold any SQL in its spec. Every spec value must pass the SQL guard as one
// expression over a file's row, with the attach macros as the only functions beyond the built-ins,
// and what views and queries embed is the checked form (embeddedExpression), never the stored text
// as it is (docs/security.md).
import type { DuckDBConnection } from '@duckdb/node-api';
import { ATTACHED_MACRO_NAMES } from '../../store/attached-macros';
import { embeddedExpression, guardExpression } from '../../store/sql-expression-guard';
import type { Workspace } from '../../store/workspace';
import type { AttachSpec } from './attach-spec';
import type { Attachment } from './attached-views';

/** Stands for the Parquet row a spec's expressions read; only in the probe, never run. */
const ROW = 'attached_row';

/** Spec texts already checked in this process: the check is deterministic, so once is enough. */
const checked = new Set<string>();

/** The attachment with every spec expression checked and in the form the probe checked. */
export async function guardAttachment(
  workspace: Workspace,
  attachment: Attachment,
): Promise<Attachment> {
  const key = JSON.stringify(attachment.spec);
  if (!checked.has(key)) {
    const connection = await workspace.connect();
    try {
      await guardSpec(connection, attachment.datasetId, attachment.spec);
    } finally {
      connection.closeSync();
    }
    checked.add(key);
  }
  return { ...attachment, spec: checkedSpec(attachment.spec) };
}

function checkedSpec(spec: AttachSpec): AttachSpec {
  const entries = Object.entries(spec).map(([field, value]) => [
    field,
    field === 'format' ? value : embeddedExpression(String(value)),
  ]);
  return Object.fromEntries(entries) as AttachSpec;
}

async function guardSpec(
  connection: DuckDBConnection,
  datasetId: string,
  spec: AttachSpec,
): Promise<void> {
  for (const [field, expression] of Object.entries(spec)) {
    if (field === 'format') continue;
    await guardExpression(connection, String(expression), {
      relation: ROW,
      columns: [],
      extraFunctions: ATTACHED_MACRO_NAMES,
      label: `the stored attachment of dataset '${datasetId}' (spec.${field})`,
    });
  }
}
