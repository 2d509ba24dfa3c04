// Handlers of the annotator API methods (shared/api-annotators.ts).
import type { ANNOTATOR_API } from '../../shared/api-annotators';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { annotatorAgreement, listAnnotators } from './annotator-agreement';

export function annotatorsHandlers({
  workspace,
}: HandlerContext): HandlersOf<typeof ANNOTATOR_API> {
  return {
    listAnnotators: async () => ({ annotators: await listAnnotators(workspace) }),
    getAnnotatorAgreement: (request) =>
      annotatorAgreement(workspace, request.a, request.b, request.segmentation),
  };
}
