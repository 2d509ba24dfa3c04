// Handlers of the redaction report (shared/api-redactions.ts).
import type { REDACTIONS_API } from '../../shared/api-redactions';
import type { SecretsState } from '../../shared/model';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { notFound } from '../store/require';

export function redactionsHandlers({ workspace }: HandlerContext): HandlersOf<typeof REDACTIONS_API> {
  return {
    listRedactions: async ({ dataset_id: datasetId, limit }) => {
      const [dataset] = await workspace.query(
        `SELECT coalesce(secrets, 'unscanned') AS secrets FROM tw_datasets WHERE dataset_id = $1`,
        [datasetId],
      );
      if (dataset === undefined) throw notFound.dataset(datasetId);
      const byKind = await workspace.query(
        `SELECT kind, field, sum(count)::INTEGER AS count,
                count(DISTINCT trajectory_id)::INTEGER AS trajectories
         FROM tw_redactions WHERE dataset_id = $1
         GROUP BY kind, field ORDER BY count DESC, kind, field`,
        [datasetId],
      );
      const places = await workspace.query(
        `SELECT trajectory_id, turn_index, field, kind, count FROM tw_redactions
         WHERE dataset_id = $1
         ORDER BY trajectory_id, turn_index NULLS FIRST, field, kind LIMIT $2::INTEGER`,
        [datasetId, limit + 1],
      );
      return {
        secrets: dataset.secrets as SecretsState,
        total: byKind.reduce((sum, row) => sum + Number(row.count), 0),
        by_kind: byKind.map((row) => ({
          kind: String(row.kind),
          field: String(row.field),
          count: Number(row.count),
          trajectories: Number(row.trajectories),
        })),
        places: places.slice(0, limit).map((row) => ({
          trajectory_id: String(row.trajectory_id),
          turn_index: row.turn_index === null ? null : Number(row.turn_index),
          field: String(row.field),
          kind: String(row.kind),
          count: Number(row.count),
        })),
        truncated: places.length > limit,
      };
    },
  };
}
