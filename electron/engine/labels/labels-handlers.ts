// Handlers of the labels API methods (shared/api-labels.ts).
import type { LABELS_API } from '../../../shared/api-labels';
import type { HandlerContext, HandlersOf } from '../handler-context';

export function labelsHandlers(_context: HandlerContext): HandlersOf<typeof LABELS_API> {
  return {};
}
