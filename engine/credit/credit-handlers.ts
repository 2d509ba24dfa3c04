// Handlers of the credit API methods (shared/api-credit.ts).
import * as z from 'zod';
import type { CREDIT_API } from '../../shared/api-credit';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { rowsAsOn } from '../store/connection-sql';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import { creditAgreement } from './agreement';
import { creditStats, ParamsColumn, trajectoryCredit, type Query } from './credit-queries';
import { computeCredit, runCredit, withCreditTransaction } from './run-credit';
import { ensureSegments } from './segments-store';
import { groupTurnTree } from './turn-tree-query';

/** The credit parameters a computation stored. */
const ParamsRow = z.object({ params: ParamsColumn });

export function creditHandlers({ workspace, jobs }: HandlerContext): HandlersOf<typeof CREDIT_API> {
  const workspaceQuery: Query = (schema, statement) => workspace.queryAs(schema, statement);
  return {
    startCredit: async (request) => {
      if (request.dataset_id !== undefined) await requireDataset(workspace, request.dataset_id);
      return jobs.start('credit', (report, signal) =>
        runCredit(
          workspace,
          {
            scope: { dataset_id: request.dataset_id },
            segmentation: request.segmentation,
            params: request.params,
          },
          report,
          signal,
        ),
      );
    },
    getTrajectoryCredit: async (request) => {
      await ensureSegments(
        workspace,
        { trajectory_ids: [request.trajectory_id] },
        request.segmentation,
      );
      return trajectoryCredit(workspaceQuery, request.trajectory_id, request.segmentation);
    },
    getCreditStats: async (request) => {
      await requireDataset(workspace, request.dataset_id);
      const stats = await creditStats(workspaceQuery, request.dataset_id, request.segmentation);
      const [row] = await workspace.queryAs(
        ParamsRow,
        sql`SELECT params::VARCHAR AS params FROM tw_trajectory_scores
            WHERE segmentation = ${request.segmentation} AND trajectory_id IN
              (SELECT trajectory_id FROM tw_trajectories WHERE dataset_id = ${request.dataset_id})
            LIMIT 1`,
      );
      return { ...stats, params: row?.params ?? null };
    },
    getCreditAgreement: async (request) => {
      await requireDataset(workspace, request.dataset_id);
      return creditAgreement(workspace, request.dataset_id, request.segmentation);
    },
    getTurnTree: (request) => groupTurnTree(workspace, request.dataset_id, request.group_id),
    previewCredit: async (request) => {
      await requireDataset(workspace, request.dataset_id);
      const scope = { dataset_id: request.dataset_id };
      const signal = new AbortController().signal;
      await ensureSegments(workspace, scope, request.segmentation, signal);
      // Everything is computed in a transaction that is rolled back: nothing stored changes.
      return withCreditTransaction(workspace, false, signal, async (connection) => {
        await computeCredit(connection, {
          scope,
          segmentation: request.segmentation,
          params: request.params,
        });
        const query: Query = (schema, statement) => rowsAsOn(schema, connection, statement);
        const stats = await creditStats(query, request.dataset_id, request.segmentation);
        const trajectory =
          request.trajectory_id === undefined
            ? null
            : await trajectoryCredit(query, request.trajectory_id, request.segmentation);
        return {
          stats,
          trajectory: trajectory && { segments: trajectory.segments, score: trajectory.score },
        };
      });
    },
  };
}
