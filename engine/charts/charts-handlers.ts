// Handler of the charts API method (shared/api-charts.ts): each chart is one aggregate query
// over the same filtered trajectories the explorer lists.
import { MAX_CHART_MODELS, MAX_CHART_TASKS, type CHARTS_API } from '../../shared/api-charts';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { filtered, numberOf, type Query } from './chart-sql';
import { creditTotals, integerHistogram, progressScores } from './histogram-queries';
import { labelMix } from './label-mix-query';
import { progressRoc } from './roc-query';
import { successBy } from './success-query';
import { searchedText } from '../query/text-search';

export function chartsHandlers({ workspace }: HandlerContext): HandlersOf<typeof CHARTS_API> {
  const query: Query = (sql, params) => workspace.query(sql, params);
  return {
    getCharts: async ({ bins, ...request }) => {
      // A text with a complete search reads its matches (search/text-search.ts), not every turn
      // nine times.
      const filter = { ...request, textFromSearch: await searchedText(workspace, request.text) };
      const sql = filtered(filter);
      const [count] = await query(
        `SELECT count(*)::INTEGER AS n FROM ${sql.from} ${sql.where}`,
        sql.params,
      );
      // One at a time: the workspace has one connection.
      return {
        trajectories: numberOf(count?.n),
        by_task: await successBy(query, filter, 'task_id', MAX_CHART_TASKS),
        by_model: await successBy(query, filter, 'model', MAX_CHART_MODELS),
        n_turns: await integerHistogram(query, filter, 'n_turns', bins),
        n_actions: await integerHistogram(query, filter, 'n_actions', bins),
        label_mix: await labelMix(query, filter),
        credit_total: await creditTotals(query, filter, bins),
        progress_score: await progressScores(query, filter, bins),
        roc: await progressRoc(query, filter),
      };
    },
  };
}
