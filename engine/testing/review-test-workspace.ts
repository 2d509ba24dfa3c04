// Test support for the review tests: a real workspace holding the first demo lines, the review
// handlers called through their schemas (defaults applied, as dispatch does), and rows written
// into the label, credit and score tables the rules read.
import { rmSync } from 'node:fs';
import { API, type ApiInput, type ApiOutput } from '../../shared/api';
import type { REVIEW_API } from '../../shared/api-review';
import { openDemoWorkspace } from './export-test-workspace';
import { JobRunner } from '../core/jobs';
import { ensureSegments } from '../credit/segments-store';
import { newLabelId } from '../labels/label-store';
import { refreshLabelCounts } from '../store/label-counts';
import { sql } from '../store/sql-template';
import type { Row, Workspace } from '../store/workspace';
import { reviewHandlers } from '../review/review-handlers';

type Method = keyof typeof REVIEW_API;

export interface ReviewTestWorkspace {
  workspace: Workspace;
  /** Calls a review method with its input parsed by the method's schema. */
  call: <M extends Method>(method: M, input: ApiInput<M>) => Promise<ApiOutput<M>>;
  /** Runs the queue job to completion and returns its result. */
  queue: (input?: ApiInput<'startReviewQueue'>) => Promise<unknown>;
  sql: (sql: string, params?: (string | number | boolean | null)[]) => Promise<Row[]>;
  run: (sql: string, params?: (string | number | boolean | null)[]) => Promise<void>;
  /** The trajectory id of a demo record's source id. */
  trajectory: (sourceId: string) => Promise<string>;
  /** Appends a label row as a labeler would (with the label counts refreshed). */
  label: (
    trajectoryId: string,
    segment: number,
    role: string,
    source: string,
    confidence?: number | null,
  ) => Promise<void>;
  /** The temp dir holding ws.duckdb. */
  dir: string;
  /** Closes the workspace, keeping its file (cleanup removes it). */
  close: () => void;
  cleanup: () => void;
}

export async function openReviewWorkspace(lines = 16): Promise<ReviewTestWorkspace> {
  const demo = await openDemoWorkspace({ lines });
  const { workspace } = demo;
  await ensureSegments(workspace, {}, 'action');
  const jobs = new JobRunner();
  const handlers = reviewHandlers({ workspace, jobs });
  const call = (async (method: Method, input: unknown) => {
    const request = API[method].input.parse(input);
    return (handlers[method] as (r: unknown) => Promise<unknown>)(request);
  }) as ReviewTestWorkspace['call'];
  let closed = false;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  return {
    workspace,
    call,
    queue: async (input = {}) => {
      const job = await call('startReviewQueue', input);
      const final = await jobs.wait(job.job_id);
      if (final.error) throw new Error(`${final.error.code}: ${final.error.message}`);
      return final.result;
    },
    sql: (sql, params) => workspace.query(sql, params),
    run: (sql, params) => workspace.run(sql, params),
    trajectory: async (sourceId) => {
      const [row] = await workspace.query(
        sql`SELECT trajectory_id FROM trajectories WHERE source_id = ${sourceId}`,
      );
      if (row === undefined) throw new Error(`no trajectory ${sourceId}`);
      return String(row.trajectory_id);
    },
    label: async (trajectoryId, segment, role, source, confidence = null) => {
      clock += 1000;
      await workspace.run(
        sql`INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source,
              rationale, confidence, created_at, segmentation)
            VALUES (${newLabelId(clock)}, ${trajectoryId}, ${segment}, ${role}, ${source}, NULL,
                    ${confidence}, ${new Date(clock).toISOString()}::TIMESTAMPTZ, 'action')`,
      );
      await refreshLabelCounts(workspace, sql`trajectory_id = ${trajectoryId}`);
    },
    dir: demo.dir,
    close: () => {
      if (!closed) workspace.close();
      closed = true;
    },
    cleanup: () => {
      void jobs.shutdown();
      if (closed) rmSync(demo.dir, { recursive: true, force: true });
      else demo.cleanup();
    },
  };
}
