// Streams the rows of a Parquet file through an in-memory DuckDB, chunk by chunk, as plain JS
// values. Shared by the readers that accept Parquet (openai-chat, trl-grpo).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as z from 'zod';
import { rowsAsOn } from '../../store/connection-sql';
import { NO_EXTENSION_LOADING } from '../../store/duckdb-options';
import { toJsonValue } from '../../store/json-values';
import { sql } from '../../store/sql-template';
import type { ReadContext } from '../../chat/canonical';

export interface ParquetRow {
  /** 1-based row number, used as the item's line. */
  line: number;
  row: Record<string, unknown>;
}

export function isParquetPath(file: string): boolean {
  return /\.parquet$/i.test(file);
}

/** Parquet files start (and end) with the magic bytes 'PAR1'. */
export function looksLikeParquet(head: string): boolean {
  return head.startsWith('PAR1');
}

const FooterRow = z.object({ num_rows: z.number() });

export async function* readParquetRows(
  file: string,
  { progress, signal }: Pick<ReadContext, 'progress' | 'signal'>,
): AsyncGenerator<ParquetRow> {
  const size = (await stat(file)).size;
  // Loaded here: every format reader is imported to list formats, and only Parquet needs DuckDB.
  const { DuckDBInstance, JSDuckDBValueConverter } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', NO_EXTENSION_LOADING);
  const connection = await instance.connect();
  try {
    // The footer gives the row count without reading any data page.
    const [footer] = await rowsAsOn(
      FooterRow,
      connection,
      sql`SELECT num_rows FROM parquet_file_metadata(${file})`,
    );
    const totalRows = footer?.num_rows ?? 0;
    const result = await connection.stream('SELECT * FROM read_parquet($1)', [file]);
    const names = result.columnNames();
    const startBytes = progress.bytesRead;
    let line = 0;
    while (!signal.aborted) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const rows = chunk.convertRows(JSDuckDBValueConverter);
      for (const values of rows) {
        if (signal.aborted) return;
        line += 1;
        const row: Record<string, unknown> = {};
        // BIGINT -> number (string when unsafe), dates -> ISO text, blobs -> base64.
        names.forEach((name, index) => (row[name] = toJsonValue(values[index])));
        progress.bytesRead =
          startBytes +
          (totalRows > 0 ? Math.round((size * Math.min(line, totalRows)) / totalRows) : 0);
        yield { line, row };
      }
    }
    if (!signal.aborted) progress.bytesRead = startBytes + size;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const TAIL_BYTES = 256 * 1024;

/**
 * The end of a Parquet file as latin1 text, for detection: the footer (schema and column-chunk
 * metadata) holds the column names, which the head of a large file does not. Never throws.
 */
export function parquetTailText(file: string): string {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('latin1');
  } catch {
    return '';
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
