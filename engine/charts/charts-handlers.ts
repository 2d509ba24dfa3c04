// Handler of the charts API method (shared/api-charts.ts): each chart is one aggregate query
// over the same filtered trajectories the explorer lists.
import * as z from 'zod';
import { MAX_CHART_MODELS, MAX_CHART_TASKS, type CHARTS_API } from '../../shared/api-charts';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { sql } from '../store/sql-template';
import { filtered } from './chart-sql';
import { creditTotals, integerHistogram, progressScores } from './histogram-queries';
import { labelMix } from './label-mix-query';
import { progressRoc } from './roc-query';
import { successBy } from './success-query';
import { searchedText } from '../query/text-search';

export function chartsHandlers({ workspace }: HandlerContext): HandlersOf<typeof CHARTS_API> {
  return {
    getCharts: async ({ bins, ...request }) => {
      // A text with a complete search reads its matches (search/text-search.ts), not every turn
      // nine times.
      const filter = { ...request, textFromSearch: await searchedText(workspace, request.text) };
      const trajectories = filtered(filter);
      const [count] = await workspace.queryAs(
        z.object({ n: z.number() }),
        sql`SELECT count(*)::INTEGER AS n FROM ${trajectories.from} ${trajectories.where()}`,
      );
      // One at a time: the workspace has one connection.
      return {
        trajectories: count?.n ?? 0,
        by_task: await successBy(workspace, filter, 'task_id', MAX_CHART_TASKS),
        by_model: await successBy(workspace, filter, 'model', MAX_CHART_MODELS),
        n_turns: await integerHistogram(workspace, filter, 'n_turns', bins),
        n_actions: await integerHistogram(workspace, filter, 'n_actions', bins),
        label_mix: await labelMix(workspace, filter),
        credit_total: await creditTotals(workspace, filter, bins),
        progress_score: await progressScores(workspace, filter, bins),
        roc: await progressRoc(workspace, filter),
      };
    },
  };
}
