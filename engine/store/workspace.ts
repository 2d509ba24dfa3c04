// A workspace is one DuckDB file. Opening it checks that the file is DuckDB's and its catalog
// Turnwise's (workspace-integrity.ts), then applies migrations.
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import { NO_EXTENSION_LOADING } from './duckdb-options';
import { toJsonRow, type JsonValue } from './json-values';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations';
import { parseRows } from './query-as';
import { timeQuery } from './query-timing';
import { log } from '../logging/logger';
import { describeObject, readCatalog, type CatalogObject } from './schema-catalog';
import { requireSingleStatements } from './single-statement';
import { resolveStatement, type SqlFragment, type Statement } from './sql-template';
import { timedConnection } from './timed-connection';
import { transaction, type TransactionOptions } from './transaction';
import { TW_META_TABLE } from './tw-meta';
import { notDuckDbProblem } from './workspace-file';
import {
  checkCatalog,
  integrityError,
  isAttachmentView,
  isClean,
  onlyRestorable,
  restoreDefinitions,
} from './workspace-integrity';

export type Row = Record<string, JsonValue>;

/** A tw_meta value (VARCHAR). */
const MetaRow = z.object({ value: z.string().nullable() });

/** DuckDB's memory cap for a workspace; TURNWISE_MEMORY_LIMIT (e.g. "4GB") overrides it. */
export const DEFAULT_MEMORY_LIMIT = '512MB';
export type SqlParams = DuckDBValue[];

/**
 * Connections that answer query() side by side. One connection runs one query at a time, so a
 * slow facet count would hold up every quick read behind it (browser mode serves many clients).
 */
const MAX_READERS = 4;

/** The workspaces whose transaction the current async call chain runs inside. */
const inTransaction = new AsyncLocalStorage<ReadonlySet<Workspace>>();

export interface OpenOptions {
  /** Opens the file read-only (no migrations; refuses an outdated schema). */
  readOnly?: boolean;
}

export class Workspace {
  private readonly idleReaders: DuckDBConnection[] = [];
  private readonly waitingForReader: ((connection: DuckDBConnection) => void)[] = [];
  private openReaders = 0;
  private viewsOfAttachments: CatalogObject[] = [];

  private constructor(
    readonly path: string,
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
    readonly readOnly: boolean,
  ) {}

  static async open(file: string, options: OpenOptions = {}): Promise<Workspace> {
    const absolute = path.resolve(file);
    const readOnly = options.readOnly ?? false;
    if (readOnly && !existsSync(absolute)) {
      throw new TurnwiseError('not_found', `${absolute}: no such workspace file`);
    }
    const notDuckDb = notDuckDbProblem(absolute);
    if (notDuckDb !== null) {
      throw new TurnwiseError(
        'invalid_input',
        `${absolute}: not a DuckDB workspace file (${notDuckDb})`,
      );
    }
    requireSingleStatements();
    let instance: DuckDBInstance;
    try {
      instance = await DuckDBInstance.create(absolute, {
        ...(readOnly ? { access_mode: 'READ_ONLY' } : {}),
        // DuckDB would otherwise use up to 80% of RAM and keep a whole import's rows in memory;
        // with a cap it spills to disk, so memory stays bounded whatever the dataset's size.
        memory_limit: process.env.TURNWISE_MEMORY_LIMIT ?? DEFAULT_MEMORY_LIMIT,
        ...NO_EXTENSION_LOADING,
      });
    } catch (error) {
      throw describeOpenError(absolute, error);
    }
    const connection = await instance.connect();
    const workspace = new Workspace(absolute, instance, connection, readOnly);
    try {
      await workspace.prepareSchema();
    } catch (error) {
      workspace.close();
      throw error;
    }
    return workspace;
  }

  /** The views that follow the attachments, as opening found them (attach/attachment-views-check). */
  get attachmentViews(): readonly CatalogObject[] {
    return this.viewsOfAttachments;
  }

  /** Runs a query (SQL text and params, or a sql`...` fragment) and returns its rows as JSON values. */
  query(statement: SqlFragment): Promise<Row[]>;
  query(sql: string, params?: SqlParams): Promise<Row[]>;
  async query(statement: Statement, params?: SqlParams): Promise<Row[]> {
    const { text, params: values } = resolveStatement(statement, params);
    const connection = await this.acquireReader();
    try {
      return await timeQuery(
        'query',
        text,
        async () => (await connection.runAndReadAll(text, values)).getRowObjectsJS().map(toJsonRow),
        (rows) => rows.length,
      );
    } finally {
      this.releaseReader(connection);
    }
  }

  /** Runs a query and parses each row with `schema` (see query-as.ts) instead of casting it. */
  queryAs<S extends z.ZodType>(schema: S, statement: SqlFragment): Promise<z.output<S>[]>;
  queryAs<S extends z.ZodType>(schema: S, sql: string, params?: SqlParams): Promise<z.output<S>[]>;
  async queryAs<S extends z.ZodType>(
    schema: S,
    statement: Statement,
    params?: SqlParams,
  ): Promise<z.output<S>[]> {
    const { text, params: values } = resolveStatement(statement, params);
    return parseRows(schema, text, await this.query(text, values));
  }

  private async acquireReader(): Promise<DuckDBConnection> {
    const idle = this.idleReaders.pop();
    if (idle !== undefined) return idle;
    if (this.openReaders < MAX_READERS) {
      this.openReaders += 1;
      try {
        return await this.instance.connect();
      } catch (error) {
        this.openReaders -= 1;
        throw error;
      }
    }
    return new Promise((resolve) => this.waitingForReader.push(resolve));
  }

  private releaseReader(connection: DuckDBConnection): void {
    const next = this.waitingForReader.shift();
    if (next !== undefined) next(connection);
    else this.idleReaders.push(connection);
  }

  /** Runs a statement on the main connection, for its effect. */
  run(statement: SqlFragment): Promise<void>;
  run(sql: string, params?: SqlParams): Promise<void>;
  async run(statement: Statement, params?: SqlParams): Promise<void> {
    const { text, params: values } = resolveStatement(statement, params);
    await timeQuery('run', text, () => this.connection.run(text, values));
  }

  /** A separate connection, so a long job's transaction does not capture other callers' queries. */
  async connect(): Promise<DuckDBConnection> {
    return this.instance.connect();
  }

  /**
   * Runs fn in a transaction on a connection of its own, closed afterwards: the transaction takes
   * in no other caller's statements, and transactions of concurrent callers run side by side
   * (DuckDB fails the later of two conflicting writes). Starting another one from inside fn is
   * refused: it would be a separate transaction that cannot see fn's uncommitted writes.
   */
  async transaction<T>(
    fn: (tx: DuckDBConnection) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T> {
    const outer = inTransaction.getStore();
    if (outer?.has(this) === true) {
      throw new TurnwiseError(
        'internal',
        'workspace.transaction called inside another transaction on the same workspace',
      );
    }
    const connection = await this.connect();
    try {
      return await inTransaction.run(new Set([...(outer ?? []), this]), () =>
        // Timed, BEGIN and COMMIT included: a slow commit is as worth logging as a slow statement.
        transaction(timedConnection(connection), fn, options),
      );
    } finally {
      connection.closeSync();
    }
  }

  async schemaVersion(): Promise<number> {
    const [row] = await this.queryAs(
      MetaRow,
      `SELECT value FROM tw_meta WHERE key = 'schema_version'`,
    );
    // tw_meta keeps its values as text: the version is read as the number it spells.
    return Number(row?.value ?? 0);
  }

  close(): void {
    for (const reader of this.idleReaders.splice(0)) reader.closeSync();
    this.connection.closeSync();
    this.instance.closeSync();
  }

  /**
   * Checks the catalog before anything reads it, then brings it to this version: a new file gets
   * every migration; an older one the rest; Turnwise's views and macros that differ from the
   * code's are re-created; anything else that differs refuses the file (workspace-integrity.ts).
   */
  private async prepareSchema(): Promise<void> {
    const catalog = await readCatalog(this.connection);
    const check = checkCatalog(catalog);
    if (catalog.length > 0) {
      const meta = catalog.find((object) => object.kind === 'table' && object.name === 'tw_meta');
      if (meta === undefined) {
        throw new TurnwiseError(
          'invalid_input',
          `${this.path}: not a Turnwise workspace (it holds other objects and no tw_meta)`,
        );
      }
      if (check.foreign.length > 0 || check.differing.includes(meta)) {
        throw integrityError(this.path, check, 'Nothing was read or written.');
      }
    }
    const current = catalog.length > 0 ? await this.schemaVersion() : 0;
    if (current > SCHEMA_VERSION) {
      throw new TurnwiseError(
        'schema_too_new',
        `${this.path}: written by a newer Turnwise (schema version ${current}; this version ` +
          `reads up to ${SCHEMA_VERSION}). Update Turnwise to open it.`,
      );
    }
    if (current === SCHEMA_VERSION && isClean(check)) {
      this.viewsOfAttachments = catalog.filter(isAttachmentView);
      return;
    }
    if (this.readOnly) {
      if (current < SCHEMA_VERSION) {
        throw new TurnwiseError(
          'read_only',
          `${this.path}: schema version ${current} needs an upgrade to ${SCHEMA_VERSION}; ` +
            `open it once with write access`,
        );
      }
      throw integrityError(
        this.path,
        check,
        onlyRestorable(check)
          ? "Opening it once with write access re-creates Turnwise's views and macros."
          : 'Nothing was read or written.',
      );
    }
    if (current === SCHEMA_VERSION && !onlyRestorable(check)) {
      throw integrityError(this.path, check, 'Nothing was read or written.');
    }
    await this.upgrade(current);
  }

  /** Migrations and re-created definitions in one transaction, kept only if the result is clean. */
  private async upgrade(from: number): Promise<void> {
    // On the main connection: nothing else uses the workspace before open() returns.
    await transaction(this.connection, async () => {
      await this.run(TW_META_TABLE);
      for (const migration of MIGRATIONS.filter((m) => m.version > from)) {
        for (const statement of migration.statements) await this.run(statement);
        await this.run(`INSERT OR REPLACE INTO tw_meta VALUES ('schema_version', $1)`, [
          String(migration.version),
        ]);
      }
      const migrated = checkCatalog(await readCatalog(this.connection));
      if (onlyRestorable(migrated) && !isClean(migrated)) {
        // After migrations only a tampered (or differently rendered) definition is left.
        log().warn('workspace.restored_definitions', {
          path: this.path,
          objects: [...migrated.differing, ...migrated.missing].map(describeObject).join(', '),
        });
        await restoreDefinitions(this.connection, migrated);
      }
      const catalog = await readCatalog(this.connection);
      const final = checkCatalog(catalog);
      if (!isClean(final)) throw integrityError(this.path, final, 'Nothing was written.');
      this.viewsOfAttachments = catalog.filter(isAttachmentView);
    });
  }
}

function describeOpenError(file: string, error: unknown): TurnwiseError {
  const message = error instanceof Error ? error.message : String(error);
  if (/lock/i.test(message)) {
    return new TurnwiseError(
      'io',
      `${file}: the workspace is open in another process (${message})`,
    );
  }
  if (/not a valid DuckDB database|Unable to open database|invalid/i.test(message)) {
    return new TurnwiseError('invalid_input', `${file}: not a DuckDB workspace file (${message})`);
  }
  return new TurnwiseError('io', `${file}: cannot open (${message})`);
}
