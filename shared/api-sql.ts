// The SQL console's methods: a bounded read-only query, its cancel, and the workspace's limits.
import * as z from 'zod';
import { Empty, method } from './api-method';

export const SqlColumnSchema = z.object({ name: z.string(), type: z.string() });

/** Chosen by the caller (e.g. a UUID) so cancelSql can name the query while it runs. */
export const QueryIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'letters, digits, _ or -');

export const SQL_TIMEOUT_S = { min: 1, max: 3600, default: 30 } as const;
export const SQL_RESULT_MB = { min: 1, max: 256, default: 16 } as const;

export const SqlSettingsSchema = z.object({
  /** Every console query is interrupted after this long. */
  timeout_s: z.number().min(SQL_TIMEOUT_S.min).max(SQL_TIMEOUT_S.max),
  /** A result is cut once its rows come to this many megabytes as JSON. */
  max_result_mb: z.number().int().min(SQL_RESULT_MB.min).max(SQL_RESULT_MB.max),
});
export type SqlSettings = z.infer<typeof SqlSettingsSchema>;

export const SQL_API = {
  runSql: () =>
    method(
      z
        .object({
          sql: z.string().min(1).max(100_000),
          max_rows: z.number().int().min(1).max(10_000).default(1000),
          /** Overrides the workspace's limits for this query. */
          timeout_s: SqlSettingsSchema.shape.timeout_s.optional(),
          max_result_mb: SqlSettingsSchema.shape.max_result_mb.optional(),
          query_id: QueryIdSchema.optional(),
        })
        .strict(),
      z.object({
        columns: z.array(SqlColumnSchema),
        rows: z.array(z.record(z.string(), z.unknown())),
        truncated: z.boolean(),
        /** Which cap cut the result: max_rows, or the size limit (max_bytes). */
        cut_by: z.enum(['rows', 'bytes']).nullable(),
        bytes: z.number(),
        max_bytes: z.number(),
      }),
    ),
  /** Interrupts a running runSql by its query_id; false when none runs under it. */
  cancelSql: () =>
    method(z.object({ query_id: QueryIdSchema }).strict(), z.object({ cancelled: z.boolean() })),
  getSqlSettings: () => method(Empty, SqlSettingsSchema),
  setSqlSettings: () => method(SqlSettingsSchema.partial().strict(), SqlSettingsSchema),
} as const;
