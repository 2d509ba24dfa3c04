// Handlers of checking and regrouping a dataset's groups (shared/api-groups.ts).
import type { GROUPS_API } from '../../shared/api-groups';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { checkGroups } from './group-check';
import { previewRegroup, regroupDataset } from './regroup';

export function groupsHandlers({ workspace }: HandlerContext): HandlersOf<typeof GROUPS_API> {
  return {
    checkGroups: (request) => checkGroups(workspace, request.dataset_id),
    previewRegroup: (request) => previewRegroup(workspace, request.dataset_id, request.expression),
    regroupDataset: (request) => regroupDataset(workspace, request.dataset_id, request.expression),
  };
}
