// Handlers of the redaction report (shared/api-redactions.ts).
import * as z from 'zod';
import { RedactionSchema, type REDACTIONS_API } from '../../shared/api-redactions';
import { SECRETS_STATES } from '../../shared/model';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { notFound } from '../store/require';

const SecretsRow = z.object({ secrets: z.enum(SECRETS_STATES) });
const KindRow = z.object({
  kind: z.string(),
  field: z.string(),
  count: z.number(),
  trajectories: z.number(),
});

export function redactionsHandlers({
  workspace,
}: HandlerContext): HandlersOf<typeof REDACTIONS_API> {
  return {
    listRedactions: async ({ dataset_id: datasetId, limit }) => {
      const [dataset] = await workspace.queryAs(
        SecretsRow,
        `SELECT coalesce(secrets, 'unscanned') AS secrets FROM tw_datasets WHERE dataset_id = $1`,
        [datasetId],
      );
      if (dataset === undefined) throw notFound.dataset(datasetId);
      const byKind = await workspace.queryAs(
        KindRow,
        `SELECT kind, field, sum(count)::INTEGER AS count,
                count(DISTINCT trajectory_id)::INTEGER AS trajectories
         FROM tw_redactions WHERE dataset_id = $1
         GROUP BY kind, field ORDER BY count DESC, kind, field`,
        [datasetId],
      );
      const places = await workspace.queryAs(
        RedactionSchema,
        `SELECT trajectory_id, turn_index, field, kind, count FROM tw_redactions
         WHERE dataset_id = $1
         ORDER BY trajectory_id, turn_index NULLS FIRST, field, kind LIMIT $2::INTEGER`,
        [datasetId, limit + 1],
      );
      return {
        secrets: dataset.secrets,
        total: byKind.reduce((sum, row) => sum + row.count, 0),
        by_kind: byKind,
        places: places.slice(0, limit),
        truncated: places.length > limit,
      };
    },
  };
}
