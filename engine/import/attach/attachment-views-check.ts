// The views whose text follows a workspace's attachments (tw_all_turns, tw_all_token_logprobs and
// one pair per attachment) are not in the reference catalog that opening compares against
// (store/workspace-integrity.ts). They are checked here instead, before anything reads them: each
// must be exactly what this code builds from the attachment's checked spec, as DuckDB renders it.
// A read-only open refuses a workspace where one is not; a writable open builds them again.
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import { TurnwiseError } from '../../../shared/result';
import { rowsAsOn } from '../../store/connection-sql';
import type { CatalogObject } from '../../store/schema-catalog';
import { sql } from '../../store/sql-template';
import { REFERENCE } from '../../store/workspace-integrity';
import type { Workspace } from '../../store/workspace';
import { allFilesRelation, logprobsSelect, turnsSelect } from './attached-sql';
import {
  ATTACHMENTS_SQL,
  AttachmentRow,
  attachedViewNames,
  parseAttachment,
  refreshAttachedViews,
  unionViewSelects,
  type Attachment,
} from './attached-views';
import { guardAttachment } from './attachment-guard';

const KEY_IN_VIEW = /tw_att_([0-9a-f]{1,64})_(?:turns|logprobs)/g;

/** Checks the attachment views; in a writable workspace rebuilds them when one is not as built. */
export async function settleAttachmentViews(workspace: Workspace): Promise<void> {
  const stored = (await workspace.queryAs(AttachmentRow, ATTACHMENTS_SQL)).map(parseAttachment);
  const attachments: Attachment[] = [];
  for (const attachment of stored) attachments.push(await guardAttachment(workspace, attachment));
  const wrong = await wrongViews(workspace, workspace.attachmentViews, attachments);
  if (wrong.length === 0) {
    if (!workspace.readOnly && attachments.length > 0) await rebuild(workspace, [], attachments);
    return;
  }
  if (workspace.readOnly) {
    const names = wrong.map((view) => `view main.${view.name}`).join(', ');
    throw new TurnwiseError(
      'invalid_input',
      `${workspace.path}: not opened, because ${names} ${wrong.length === 1 ? 'is' : 'are'} not ` +
        `the view Turnwise builds from the workspace's attachments. A workspace file can carry ` +
        `SQL that reads or writes files when it is used. Opening it once with write access ` +
        `builds the views again.`,
    );
  }
  await rebuild(workspace, wrong, attachments);
}

async function rebuild(
  workspace: Workspace,
  wrong: CatalogObject[],
  attachments: Attachment[],
): Promise<void> {
  const run = (sql: string) => workspace.run(sql);
  // Names are checked by isAttachmentView (tw_att_<hex>_turns|logprobs), never free text.
  for (const view of wrong) await run(`DROP VIEW IF EXISTS main.${view.name}`);
  await refreshAttachedViews(run, attachments);
}

async function wrongViews(
  workspace: Workspace,
  views: readonly CatalogObject[],
  attachments: Attachment[],
): Promise<CatalogObject[]> {
  const byKey = new Map(attachments.map((attachment) => [attachment.viewKey, attachment]));
  const wrong: CatalogObject[] = [];
  let connection: DuckDBConnection | null = null;
  try {
    for (const view of views) {
      // Without attachments the union views are the reference's, compared as they are.
      const plain = REFERENCE.objects.find((object) => object.name === view.name);
      if (plain !== undefined && plain.definition === view.definition) continue;
      const select = expectedSelect(view, byKey);
      connection ??= await workspace.connect();
      const expected =
        select === null
          ? null
          : `CREATE VIEW ${view.name} AS ${await rendered(connection, select)};`;
      if (expected !== view.definition) wrong.push(view);
    }
  } finally {
    connection?.closeSync();
  }
  return wrong;
}

/** The SELECT this code would build for the view, or null when it builds no such view. */
function expectedSelect(view: CatalogObject, byKey: Map<string, Attachment>): string | null {
  const union = unionViewSelects(
    [...view.definition.matchAll(KEY_IN_VIEW)]
      .map((match) => match[1] ?? '')
      .filter((key, index, keys) => byKey.has(key) && keys.indexOf(key) === index),
  );
  if (view.name === 'tw_all_turns') return union.turns;
  if (view.name === 'tw_all_token_logprobs') return union.logprobs;
  for (const attachment of byKey.values()) {
    const names = attachedViewNames(attachment.viewKey);
    const source = { datasetId: attachment.datasetId, spec: attachment.spec };
    const relation = allFilesRelation(attachment.files);
    if (view.name === names.turns) return turnsSelect(source, relation);
    if (view.name === names.logprobs) return logprobsSelect(source, relation);
  }
  return null;
}

const RenderedRow = z.object({ sql: z.string().nullable() });

/** DuckDB's rendering of a query, as it stores a view's text. */
async function rendered(connection: DuckDBConnection, select: string): Promise<string> {
  const [row] = await rowsAsOn(
    RenderedRow,
    connection,
    sql`SELECT system.main.json_deserialize_sql(system.main.json_serialize_sql(${select}::VARCHAR))
          AS sql`,
  );
  return row?.sql ?? '';
}
