// Handlers of the judge API methods (shared/api-judge.ts).
import type { JUDGE_API } from '../../../shared/api-judge';
import type { HandlerContext, HandlersOf } from '../handler-context';

export function judgeHandlers(_context: HandlerContext): HandlersOf<typeof JUDGE_API> {
  return {};
}
