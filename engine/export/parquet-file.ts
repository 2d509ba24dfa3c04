// Parquet data files: the records, already written as JSON lines, converted by DuckDB with the
// target's fixed column types. The conversion runs in its own in-memory DuckDB with one thread,
// so rows keep their order and the file's bytes depend only on the records (DuckDB's writer
// stamps no time into the file; a test writes the same records twice and compares hashes).
import { rmSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import { rowsAsOn } from '../store/connection-sql';
import { NO_EXTENSION_LOADING } from '../store/duckdb-options';
import { sql } from '../store/sql-template';

/** Explicit, so a change of DuckDB defaults cannot silently change the files. */
export const PARQUET_COMPRESSION = 'zstd';
export const PARQUET_ROW_GROUP_SIZE = 2048;
/** DuckDB's default limit on one JSON line; longer records raise it. */
const MIN_OBJECT_SIZE = 16 * 1024 * 1024;

export interface ParquetConversion {
  /** The JSON lines to convert, one record per line. */
  jsonlPath: string;
  parquetPath: string;
  /** Column name -> DuckDB type, in file order. */
  columns: Record<string, string>;
  /** The longest line in bytes, so DuckDB accepts every record. */
  maxLineBytes: number;
  /** Where DuckDB may spill; removed afterwards. */
  spillDir: string;
  signal: AbortSignal;
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
const sqlIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The read_json columns argument: the column types are the target's constants, not data. */
function columnsStruct(columns: Record<string, string>): string {
  const entries = Object.entries(columns).map(
    ([name, type]) => `${sqlString(name)}: ${sqlString(type)}`,
  );
  return `{${entries.join(', ')}}`;
}

/** Converts the JSON lines into a Parquet file and returns its row count. */
export async function convertToParquet(conversion: ParquetConversion): Promise<number> {
  const { jsonlPath, parquetPath, columns, signal } = conversion;
  const names = Object.keys(columns);
  if (names.length === 0) throw new TurnwiseError('internal', 'a Parquet target needs columns');
  if (signal.aborted) throw new TurnwiseError('cancelled', 'export cancelled');
  const instance = await DuckDBInstance.create(':memory:', {
    threads: '1',
    preserve_insertion_order: 'true',
    memory_limit: process.env.TURNWISE_MEMORY_LIMIT ?? '512MB',
    temp_directory: conversion.spillDir,
    ...NO_EXTENSION_LOADING,
  });
  const connection = await instance.connect();
  const interrupt = () => connection.interrupt();
  signal.addEventListener('abort', interrupt);
  try {
    const objectSize = Math.max(MIN_OBJECT_SIZE, conversion.maxLineBytes + 1);
    await connection.run(
      `COPY (
         SELECT ${names.map(sqlIdentifier).join(', ')}
         FROM read_json($1, format = 'newline_delimited', columns = ${columnsStruct(columns)},
                        maximum_object_size = ${objectSize})
       ) TO $2 (FORMAT parquet, COMPRESSION ${PARQUET_COMPRESSION},
                ROW_GROUP_SIZE ${PARQUET_ROW_GROUP_SIZE})`,
      [jsonlPath, parquetPath],
    );
    if (signal.aborted) throw new TurnwiseError('cancelled', 'export cancelled');
    const [counted] = await rowsAsOn(
      z.object({ n: z.number() }),
      connection,
      sql`SELECT count(*)::DOUBLE AS n FROM read_parquet(${parquetPath})`,
    );
    return counted?.n ?? 0;
  } catch (error) {
    if (signal.aborted) throw new TurnwiseError('cancelled', 'export cancelled');
    const message = error instanceof Error ? error.message : String(error);
    throw new TurnwiseError('io', `cannot write ${parquetPath}: ${message}`);
  } finally {
    signal.removeEventListener('abort', interrupt);
    connection.closeSync();
    instance.closeSync();
    rmSync(conversion.spillDir, { recursive: true, force: true });
  }
}
