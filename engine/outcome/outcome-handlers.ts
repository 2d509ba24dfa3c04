// Handlers of the outcome rule methods (shared/api-outcome.ts).
import type { OUTCOME_API, OutcomeRule } from '../../shared/api-outcome';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { workspaceQueryBounds } from '../sql/sql-settings';
import { requireDataset } from '../store/require';
import { runOn } from '../store/connection-sql';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { applyOutcomeRule, defaultRule, outcomeCounts, ruleInUse } from './outcome-rule';

async function describe(workspace: Workspace, datasetId: string): Promise<OutcomeRule> {
  const connection = await workspace.connect();
  try {
    const inUse = await ruleInUse(connection, datasetId);
    const bounds = await workspaceQueryBounds(workspace);
    return {
      ...inUse,
      default_rule: await defaultRule(connection, datasetId),
      counts: await outcomeCounts(connection, datasetId, inUse.rule, bounds),
    };
  } finally {
    connection.closeSync();
  }
}

export function outcomeHandlers({ workspace }: HandlerContext): HandlersOf<typeof OUTCOME_API> {
  return {
    getOutcomeRule: async ({ dataset_id: datasetId }) => {
      await requireDataset(workspace, datasetId);
      return describe(workspace, datasetId);
    },
    previewOutcomeRule: async ({ dataset_id: datasetId, rule }) => {
      await requireDataset(workspace, datasetId);
      const connection = await workspace.connect();
      try {
        const effective = rule ?? (await defaultRule(connection, datasetId));
        const bounds = await workspaceQueryBounds(workspace);
        return await outcomeCounts(connection, datasetId, effective, bounds);
      } finally {
        connection.closeSync();
      }
    },
    setOutcomeRule: async ({ dataset_id: datasetId, rule }) => {
      await requireDataset(workspace, datasetId);
      const bounds = await workspaceQueryBounds(workspace);
      await workspace.transaction(async (tx) => {
        const effective = rule ?? (await defaultRule(tx, datasetId));
        await applyOutcomeRule(tx, datasetId, effective, bounds);
        await runOn(
          tx,
          sql`UPDATE tw_datasets SET outcome_rule = ${rule} WHERE dataset_id = ${datasetId}`,
        );
      });
      return describe(workspace, datasetId);
    },
  };
}
