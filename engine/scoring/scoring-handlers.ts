// Handlers of the scoring API methods (shared/api-scoring.ts).
import type { SCORING_API, ScoringSummary } from '../../shared/api-scoring';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { runScoring, validateScoring } from './run-scoring';
import { apiKeyFor, endpointFailure } from './scoring-setup';
import { profileFromEvidence } from '../endpoints/server-profile';
import { ScoringClient } from './scoring-client';

const MODEL_LIST_TIMEOUT_MS = 15_000;

export function scoringHandlers({
  workspace,
  jobs,
}: HandlerContext): HandlersOf<typeof SCORING_API> {
  return {
    startScoring: async (request) => {
      await validateScoring(workspace, request);
      return jobs.start('score', (report, signal): Promise<ScoringSummary> =>
        runScoring(workspace, request, report, signal),
      );
    },
    listEndpointModels: async (request) => {
      const client = new ScoringClient(request.base_url, apiKeyFor(request, 'endpoint'), {
        timeoutMs: MODEL_LIST_TIMEOUT_MS,
        maxRetries: 1,
        signal: new AbortController().signal,
      });
      try {
        const listing = await client.listModels();
        const server = profileFromEvidence({ url: client.baseUrl, ...listing });
        return { models: listing.models, server };
      } catch (error) {
        throw endpointFailure(error);
      }
    },
  };
}
