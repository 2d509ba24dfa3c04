// Handlers of the scoring API methods (shared/api-scoring.ts).
import type { SCORING_API } from '../../../shared/api-scoring';
import type { HandlerContext, HandlersOf } from '../handler-context';

export function scoringHandlers(_context: HandlerContext): HandlersOf<typeof SCORING_API> {
  return {};
}
