// Attaching Parquet files by reference (docs/ARCHITECTURE.md, import; README, attaching Parquet): the messages stay in the
// files and are read through views; the workspace keeps one index row per trajectory (ids, task
// and group, outcome, counts) so listing, grouping, labels and export work as for imports. Like an
// import it is one transaction: a failure or a cancel leaves the workspace unchanged.
import { settleImportedOutcomes } from '../../outcome/outcome-rule';
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import type { ImportSummary, SkippedRecord } from '../../../shared/model';
import { TurnwiseError } from '../../../shared/result';
import { canonicalJson } from '../../text/canonical-json';
import type { FormatOptions } from '../../chat/canonical';
import { commonFolder, DatasetIdRow, defaultDatasetName, freeDatasetId } from '../dataset-naming';
import type { ImportOptions, ImportProgress } from '../run-import';
import { resolveSourceFiles, type SourceFile } from '../source-files';
import { rowsAsOn } from '../../store/connection-sql';
import { sql } from '../../store/sql-template';
import { transaction } from '../../store/transaction';
import type { Workspace } from '../../store/workspace';
import { buildAttachSpec, quoteText } from './attach-spec';
import { indexSelect, problemsSelect } from './attached-sql';
import {
  ATTACHMENTS_SQL,
  AttachmentRow,
  createAttachmentViews,
  parseAttachment,
  rebuildUnionViews,
} from './attached-views';

/** Bad rows listed per file at most; the count of the rest is still reported. */
const MAX_LISTED_PROBLEMS = 1000;

const ColumnRow = z.object({ column_name: z.string(), column_type: z.string() });
const ProblemRow = z.object({ line: z.number(), reason: z.string() });
const CountsRow = z.object({ trajectories: z.number(), turns: z.number(), actions: z.number() });

export type AttachOptions = Pick<ImportOptions, 'paths' | 'dataset' | 'onError' | 'formatOptions'>;

/** Identity of attached files: paths, sizes and modification times (the bytes are not read). */
async function fingerprint(files: SourceFile[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    const info = await stat(file.path);
    hash.update(`${file.path}\n${file.bytes}\n${info.mtimeMs}\n`);
  }
  return `attached:${hash.digest('hex')}`;
}

async function columnsOf(connection: DuckDBConnection, file: string): Promise<Map<string, string>> {
  try {
    const columns = await rowsAsOn(
      ColumnRow,
      connection,
      sql.raw(`DESCRIBE SELECT * FROM read_parquet(${quoteText(file)})`),
    );
    return new Map(columns.map((row) => [row.column_name, row.column_type]));
  } catch (error) {
    throw new TurnwiseError(
      'invalid_input',
      `${file}: not a readable Parquet file (${errorText(error)})`,
    );
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** Every file must be Parquet with the first file's columns, so one spec reads them all. */
async function sharedColumns(
  connection: DuckDBConnection,
  files: SourceFile[],
): Promise<Map<string, string>> {
  const notParquet = files.find((file) => !/\.parquet$/i.test(file.path));
  if (notParquet) {
    throw new TurnwiseError(
      'invalid_input',
      `${notParquet.path}: only Parquet files can be attached by reference; import this one instead`,
    );
  }
  const first = await columnsOf(connection, (files[0] as SourceFile).path);
  const signature = (columns: Map<string, string>) => JSON.stringify([...columns]);
  for (const file of files.slice(1)) {
    if (signature(await columnsOf(connection, file.path)) !== signature(first)) {
      throw new TurnwiseError(
        'invalid_input',
        `${file.path}: its columns differ from ${files[0]?.path}; attach files of one schema together`,
      );
    }
  }
  return first;
}

export async function runAttach(
  workspace: Workspace,
  options: AttachOptions,
  onProgress: (progress: ImportProgress) => void,
  signal: AbortSignal,
): Promise<ImportSummary> {
  const started = performance.now();
  const files = await resolveSourceFiles(options.paths);
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const sha256 = await fingerprint(files);
  const [existing] = await workspace.queryAs(
    DatasetIdRow,
    'SELECT dataset_id FROM tw_datasets WHERE content_sha256 = $1',
    [sha256],
  );
  if (existing !== undefined) {
    throw new TurnwiseError(
      'duplicate',
      `${options.paths.join(', ')}: these files are already attached as dataset '${existing.dataset_id}'`,
      { dataset_id: existing.dataset_id },
    );
  }
  const connection = await workspace.connect();
  const interrupt = () => connection.interrupt();
  signal.addEventListener('abort', interrupt);
  try {
    const formatOptions: FormatOptions = options.formatOptions ?? {};
    const spec = buildAttachSpec(
      await sharedColumns(connection, files),
      formatOptions,
      files[0]?.path ?? '',
    );
    const name = options.dataset ?? defaultDatasetName(files);
    const datasetId = await freeDatasetId(workspace, name);
    const attachment = {
      datasetId,
      viewKey: createHash('sha256').update(datasetId).digest('hex').slice(0, 16),
      files: files.map((file) => file.path),
      spec,
    };
    try {
      const result = await transaction(connection, async (): Promise<ImportSummary> => {
        const skipped: SkippedRecord[] = [];
        let bytesDone = 0;
        for (const [index, file] of files.entries()) {
          if (signal.aborted) break;
          onProgress({
            done: bytesDone,
            total: totalBytes,
            unit: 'bytes',
            message: `indexing ${file.path}`,
          });
          const problems = await rowsAsOn(
            ProblemRow,
            connection,
            sql.raw(problemsSelect(spec, file.path, MAX_LISTED_PROBLEMS)),
          );
          for (const row of problems) {
            const bad = { file: file.path, line: row.line, reason: row.reason };
            if (options.onError === 'abort') {
              throw new TurnwiseError('invalid_input', `${bad.file}:${bad.line}: ${bad.reason}`, {
                skipped: [bad],
              });
            }
            skipped.push(bad);
          }
          await connection.run(
            `INSERT INTO tw_trajectories (trajectory_id, dataset_id, source_id, task_id, group_id,
               sample_index, model, reward, success, n_turns, n_actions, source_ref, metadata, tools,
               source_group_id) ${indexSelect(attachment, file.path, index)}`,
          );
          bytesDone += file.bytes;
        }
        if (signal.aborted)
          throw new TurnwiseError('cancelled', 'attach cancelled; nothing was written');
        // What the files say about success; the dataset's outcome rule fills the rest.
        await connection.run(
          'UPDATE tw_trajectories SET source_success = success WHERE dataset_id = $1',
          [datasetId],
        );
        await settleImportedOutcomes(connection, datasetId);
        const [counts] = await rowsAsOn(
          CountsRow,
          connection,
          sql`SELECT count(*)::INTEGER AS trajectories, coalesce(sum(n_turns), 0)::INTEGER AS turns,
                coalesce(sum(n_actions), 0)::INTEGER AS actions
              FROM tw_trajectories WHERE dataset_id = ${datasetId}`,
        );
        const trajectories = counts?.trajectories ?? 0;
        if (trajectories === 0) {
          throw new TurnwiseError(
            'invalid_input',
            `${options.paths.join(', ')}: no readable trajectories to attach` +
              (skipped.length > 0 ? ` (${skipped.length} bad rows)` : ' (no rows)'),
            { skipped },
          );
        }
        await connection.run(
          `INSERT INTO tw_datasets (dataset_id, name, format, source_path, imported_at,
             content_sha256, bytes, options, storage) VALUES ($1, $2, $3, $4, now(), $5, $6, $7, 'attached')`,
          [
            datasetId,
            name,
            spec.format,
            files.length === 1 ? (attachment.files[0] ?? '') : commonFolder(files),
            sha256,
            totalBytes,
            canonicalJson({
              on_error: options.onError,
              files: attachment.files,
              format_options: formatOptions,
            }),
          ],
        );
        await connection.run(`INSERT INTO tw_attachments VALUES ($1, $2, $3, $4)`, [
          datasetId,
          attachment.viewKey,
          JSON.stringify(attachment.files),
          JSON.stringify(spec),
        ]);
        await createAttachmentViews((sql) => connection.run(sql), attachment);
        const all = (await rowsAsOn(AttachmentRow, connection, sql.raw(ATTACHMENTS_SQL))).map(
          parseAttachment,
        );
        await rebuildUnionViews(
          (sql) => connection.run(sql),
          all.map((a) => a.viewKey),
        );
        const totals = {
          trajectories,
          turns: counts?.turns ?? 0,
          actions: counts?.actions ?? 0,
        };
        return {
          dataset: datasetId,
          format: spec.format,
          datasets: [{ dataset: datasetId, format: spec.format, files: files.length, ...totals }],
          ...totals,
          skipped,
          dropped: [],
          skipped_files: [],
          seconds: Math.round(performance.now() - started) / 1000,
          secrets: 'unscanned',
          secrets_redacted: 0,
        };
      });
      onProgress({ done: totalBytes, total: totalBytes, unit: 'bytes', message: 'done' });
      return result;
    } catch (error) {
      if (signal.aborted)
        throw new TurnwiseError('cancelled', 'attach cancelled; nothing was written');
      if (error instanceof TurnwiseError) throw error;
      throw new TurnwiseError('invalid_input', `${options.paths.join(', ')}: ${errorText(error)}`);
    }
  } finally {
    signal.removeEventListener('abort', interrupt);
    connection.closeSync();
  }
}
