// The views that put attached datasets beside imported ones: one pair per attachment over its
// files, and the union views (tw_all_turns, tw_all_token_logprobs) behind the public turns and
// token_logprobs views. An attachment whose files are gone is left out, so one moved file does
// not break every query over turns.
import { existsSync } from 'node:fs';
import { LOGPROB_COLUMNS, TURN_COLUMNS } from '../store/migrations';
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

/** Rebuilds the union views over tw_turns / tw_token_logprobs and the attachments given. */
export async function rebuildUnionViews(run: RunSql, viewKeys: string[]): Promise<void> {
  const turns = [`SELECT ${TURN_COLUMNS} FROM tw_turns`];
  const logprobs = [`SELECT ${LOGPROB_COLUMNS} FROM tw_token_logprobs`];
  for (const key of viewKeys) {
    const names = attachedViewNames(key);
    turns.push(`SELECT ${TURN_COLUMNS} FROM ${names.turns}`);
    logprobs.push(`SELECT ${LOGPROB_COLUMNS} FROM ${names.logprobs}`);
  }
  await run(`CREATE OR REPLACE VIEW tw_all_turns AS ${turns.join('\nUNION ALL ')}`);
  await run(`CREATE OR REPLACE VIEW tw_all_token_logprobs AS ${logprobs.join('\nUNION ALL ')}`);
}

export function parseAttachment(row: Record<string, unknown>): Attachment {
  return {
    datasetId: String(row.dataset_id),
    viewKey: String(row.view_key),
    files: JSON.parse(String(row.files)) as string[],
    spec: JSON.parse(String(row.spec)) as AttachSpec,
  };
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
