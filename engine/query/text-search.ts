// Text search over every turn (docs/performance.md, "Text search"). A full scan of 20M turns takes
// seconds, and the explorer asks for rows, a count and facets at once, so the scan is made once,
// as a job: the turns are read in slices of their table's row ids, each slice's matching
// trajectories are appended to tw_text_hits as it finishes (the explorer's filter reads them
// while the job runs: first matches after the first slice), the progress counts turns, and a
// cancel stops between slices (interrupting the one running) and keeps what was found.
import type { DuckDBConnection } from '@duckdb/node-api';
import * as z from 'zod';
import { TEXT_SEARCH_STATUSES, type TextSearchState } from '../../shared/api-search';
import { TurnwiseError } from '../../shared/result';
import { needleOf, turnContainsSql } from './filter-sql';
import type { Progress } from '../core/jobs';
import { rowsAsOn, runOn } from '../store/connection-sql';
import { sql, type SqlFragment } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

/** Turns per slice: about 0.2 s of scanning on 2 cores (bench/RESULTS.md, "Text search"). */
export const SEARCH_SLICE_TURNS = 2_000_000;

/**
 * Whether the filter's text has a search over the datasets as they are: the filter then reads its
 * matches (filter-sql.ts, `textFromSearch`). The explorer reads a search running or
 * cancelled too (its bar says how far it got); what is written or counted elsewhere (exports,
 * comparisons, charts) asks for a `complete` one, so it never holds a partial set.
 */
export async function searchedText(
  workspace: Workspace,
  text: string | undefined,
  which: 'any' | 'complete' = 'complete',
): Promise<boolean> {
  if (text === undefined || text.trim() === '') return false;
  const status = which === 'complete' ? sql` AND status = 'complete'` : sql``;
  const [row] = await workspace.queryAs(
    z.object({ searched: z.boolean() }),
    sql`SELECT EXISTS (SELECT 1 FROM tw_text_search_current
          WHERE needle = ${needleOf(text)}${status}) AS searched`,
  );
  return row?.searched === true;
}

/** A search as tw_text_search_current holds it; the counts are BIGINT, read as numbers. */
const SearchRow = z.object({
  status: z.enum(TEXT_SEARCH_STATUSES),
  turns_scanned: z.number(),
  turns_total: z.number(),
  trajectories: z.number(),
});

export async function textSearchState(
  workspace: Workspace,
  text: string,
): Promise<TextSearchState> {
  const needle = needleOf(text);
  const [row] = await workspace.queryAs(
    SearchRow,
    sql`SELECT s.status, s.turns_scanned, s.turns_total,
          (SELECT count(DISTINCT trajectory_id) FROM tw_text_hits h WHERE h.needle = s.needle)
            AS trajectories
        FROM tw_text_search_current s WHERE s.needle = ${needle}`,
  );
  if (row === undefined) {
    return { text, status: 'none', turns_scanned: 0, turns_total: 0, trajectories: 0 };
  }
  return { text, ...row };
}

interface Slice {
  /** Turns it holds. */
  turns: number;
  /** Appends the slice's matching trajectories to tw_text_hits. */
  insert: SqlFragment;
}

/** The turn counts a search's slices and progress are made of (BIGINT, read as numbers). */
const TurnCounts = z.object({ imported: z.number(), row_ids: z.number(), total: z.number() });

/** Imported turns by row-id range, then the turns of attached datasets in one slice. */
async function slicesOf(workspace: Workspace, needle: string, sliceTurns: number) {
  const [counts] = await workspace.queryAs(
    TurnCounts,
    `SELECT (SELECT count(*) FROM tw_turns) AS imported,
            (SELECT coalesce(max(rowid) + 1, 0) FROM tw_turns) AS row_ids,
            (SELECT count(*) FROM tw_all_turns) AS total`,
  );
  const { imported, row_ids: rowIds, total } = counts ?? { imported: 0, row_ids: 0, total: 0 };
  // What a slice appends: the needle and the trajectory of each matching turn, once.
  const hits = sql`INSERT INTO tw_text_hits SELECT DISTINCT ${needle}, trajectory_id`;
  const contains = turnContainsSql(sql`${needle}`);
  const slices: Slice[] = [];
  for (let from = 0; from < rowIds; from += sliceTurns) {
    const to = from + sliceTurns;
    slices.push({
      // Row ids can have gaps (deleted datasets); the last slice takes up the difference.
      turns: Math.min(sliceTurns, Math.max(0, imported - from)),
      insert: sql`${hits} FROM tw_turns WHERE rowid >= ${from} AND rowid < ${to} AND ${contains}`,
    });
  }
  const attached = total - imported;
  if (attached > 0) {
    slices.push({
      turns: attached,
      insert: sql`${hits} FROM tw_all_turns WHERE trajectory_id IN (SELECT t.trajectory_id
          FROM tw_trajectories t JOIN tw_datasets d USING (dataset_id)
          WHERE d.storage <> 'imported') AND ${contains}`,
    });
  }
  return { slices, total };
}

async function setStatus(
  connection: DuckDBConnection,
  needle: string,
  status: string,
  scanned: number,
): Promise<void> {
  await connection.run(
    `UPDATE tw_text_searches SET status = $1, turns_scanned = $2, updated_at = now()
     WHERE needle = $3`,
    [status, scanned, needle],
  );
}

/**
 * Searches kept with their matches (each can hold a row per trajectory); starting another one
 * removes the least recently updated beyond this many, so typing in the filter does not grow
 * the workspace without bound.
 */
export const KEPT_SEARCHES = 20;

export interface TextSearchOptions {
  sliceTurns?: number;
  keptSearches?: number;
}

/** The search job's work; returns the search's state when every turn has been read. */
export async function runTextSearch(
  workspace: Workspace,
  text: string,
  report: (progress: Progress) => void,
  signal: AbortSignal,
  options: TextSearchOptions = {},
): Promise<TextSearchState> {
  const needle = needleOf(text);
  const known = await textSearchState(workspace, text);
  if (known.status === 'complete') return known;
  const { slices, total } = await slicesOf(
    workspace,
    needle,
    options.sliceTurns ?? SEARCH_SLICE_TURNS,
  );
  const connection = await workspace.connect();
  const interrupt = () => connection.interrupt();
  signal.addEventListener('abort', interrupt);
  let scanned = 0;
  try {
    // A stale or cancelled search of the same text starts over, and the matches of searches made
    // before the datasets last changed go: nothing reads them again.
    await connection.run(
      `DELETE FROM tw_text_hits WHERE needle = $1 OR needle IN (SELECT needle
         FROM tw_text_searches WHERE signature <> (SELECT signature FROM tw_datasets_signature))`,
      [needle],
    );
    await connection.run(
      `DELETE FROM tw_text_searches WHERE needle = $1
         OR signature <> (SELECT signature FROM tw_datasets_signature)`,
      [needle],
    );
    const older = `SELECT needle FROM tw_text_searches ORDER BY updated_at DESC, needle OFFSET $1`;
    const keep = (options.keptSearches ?? KEPT_SEARCHES) - 1;
    await connection.run(`DELETE FROM tw_text_hits WHERE needle IN (${older})`, [keep]);
    await connection.run(`DELETE FROM tw_text_searches WHERE needle IN (${older})`, [keep]);
    await connection.run(
      `INSERT INTO tw_text_searches SELECT $1, 'running', 0, $2, signature, now()
       FROM tw_datasets_signature`,
      [needle, total],
    );
    let found = 0;
    for (const slice of slices) {
      report({
        done: scanned,
        total,
        unit: 'turns',
        message: `${found} trajectories match so far`,
      });
      await runOn(connection, slice.insert);
      scanned += slice.turns;
      await setStatus(connection, needle, 'running', scanned);
      const [hits] = await rowsAsOn(
        z.object({ found: z.number() }),
        connection,
        sql`SELECT count(DISTINCT trajectory_id) AS found FROM tw_text_hits WHERE needle = ${needle}`,
      );
      found = hits?.found ?? 0;
      if (signal.aborted) break;
    }
    if (signal.aborted) throw new TurnwiseError('cancelled', 'search cancelled');
    await setStatus(connection, needle, 'complete', total);
    report({ done: total, total, unit: 'turns', message: `${found} trajectories match` });
  } catch (error) {
    if (!signal.aborted) throw error;
    // Kept: the matches found in the turns read so far, marked as such.
    await setStatus(connection, needle, 'cancelled', scanned);
    throw new TurnwiseError(
      'cancelled',
      `search cancelled after ${scanned} of ${total} turns; the matches found so far are kept`,
    );
  } finally {
    signal.removeEventListener('abort', interrupt);
    connection.closeSync();
  }
  return textSearchState(workspace, text);
}
