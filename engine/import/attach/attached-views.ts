// The views that put attached datasets beside imported ones: one pair per attachment over its
// files, and the union views (tw_all_turns, tw_all_token_logprobs) behind the public turns and
// token_logprobs views. An attachment whose files are gone is left out, so one moved file does
// not break every query over turns.
import { existsSync } from 'node:fs';
import * as z from 'zod';
import { LOGPROB_COLUMNS, TURN_COLUMNS } from '../../store/migrations';
import { TurnwiseError } from '../../../shared/result';
import type { AttachSpec } from './attach-spec';
import { allFilesRelation, logprobsSelect, turnsSelect } from './attached-sql';

type RunSql = (sql: string) => Promise<unknown>;

export interface Attachment {
  datasetId: string;
  viewKey: string;
  files: string[];
  spec: AttachSpec;
}

export function attachedViewNames(viewKey: string): { turns: string; logprobs: string } {
  return { turns: `tw_att_${viewKey}_turns`, logprobs: `tw_att_${viewKey}_logprobs` };
}

export async function createAttachmentViews(run: RunSql, attachment: Attachment): Promise<void> {
  const names = attachedViewNames(attachment.viewKey);
  const source = { datasetId: attachment.datasetId, spec: attachment.spec };
  const relation = allFilesRelation(attachment.files);
  await run(`CREATE OR REPLACE VIEW ${names.turns} AS ${turnsSelect(source, relation)}`);
  await run(`CREATE OR REPLACE VIEW ${names.logprobs} AS ${logprobsSelect(source, relation)}`);
}

/** The union views' queries: tw_turns / tw_token_logprobs and the attachments' views given. */
export function unionViewSelects(viewKeys: string[]): { turns: string; logprobs: string } {
  const turns = [`SELECT ${TURN_COLUMNS} FROM tw_turns`];
  const logprobs = [`SELECT ${LOGPROB_COLUMNS} FROM tw_token_logprobs`];
  for (const key of viewKeys) {
    const names = attachedViewNames(key);
    turns.push(`SELECT ${TURN_COLUMNS} FROM ${names.turns}`);
    logprobs.push(`SELECT ${LOGPROB_COLUMNS} FROM ${names.logprobs}`);
  }
  return { turns: turns.join('\nUNION ALL '), logprobs: logprobs.join('\nUNION ALL ') };
}

/** Rebuilds the union views over tw_turns / tw_token_logprobs and the attachments given. */
export async function rebuildUnionViews(run: RunSql, viewKeys: string[]): Promise<void> {
  const selects = unionViewSelects(viewKeys);
  await run(`CREATE OR REPLACE VIEW tw_all_turns AS ${selects.turns}`);
  await run(`CREATE OR REPLACE VIEW tw_all_token_logprobs AS ${selects.logprobs}`);
}

/**
 * A tw_attachments row as ATTACHMENTS_SQL reads it, files and spec as the text of their JSON
 * columns: what they hold is checked by parseAttachment, which refuses a workspace whose
 * attachment is malformed as invalid input rather than as an internal error.
 */
export const AttachmentRow = z.object({
  dataset_id: z.string(),
  view_key: z.string(),
  files: z.string(),
  spec: z.string(),
});
export type AttachmentRow = z.output<typeof AttachmentRow>;

/**
 * A tw_attachments row. Its spec's SQL is checked by guardAttachment before use; the view key
 * becomes part of view names, so it must be the hex key run-attach writes.
 */
export function parseAttachment(row: AttachmentRow): Attachment {
  const viewKey = row.view_key;
  const files: unknown = JSON.parse(row.files);
  const spec: unknown = JSON.parse(row.spec);
  const specValues = spec !== null && typeof spec === 'object' ? Object.values(spec) : [];
  if (
    !/^[0-9a-f]{1,64}$/.test(viewKey) ||
    !Array.isArray(files) ||
    !files.every((file) => typeof file === 'string') ||
    specValues.length === 0 ||
    !specValues.every((value) => typeof value === 'string')
  ) {
    throw new TurnwiseError(
      'invalid_input',
      `the stored attachment of dataset '${row.dataset_id}' is malformed (tw_attachments)`,
    );
  }
  return { datasetId: row.dataset_id, viewKey, files, spec: spec as AttachSpec };
}

export const ATTACHMENTS_SQL = `SELECT dataset_id, view_key, files::VARCHAR AS files,
  spec::VARCHAR AS spec FROM tw_attachments ORDER BY dataset_id`;

/**
 * Puts the attachments whose files all exist into the union views; returns the datasets left
 * out. Run when a workspace opens (files may have moved since).
 */
export async function refreshAttachedViews(
  run: RunSql,
  attachments: Attachment[],
): Promise<string[]> {
  const present = attachments.filter((a) => a.files.every((file) => existsSync(file)));
  // Views over the files are rebuilt too, so they follow this version's SQL.
  for (const attachment of present) await createAttachmentViews(run, attachment);
  await rebuildUnionViews(
    run,
    present.map((a) => a.viewKey),
  );
  return attachments.filter((a) => !present.includes(a)).map((a) => a.datasetId);
}
