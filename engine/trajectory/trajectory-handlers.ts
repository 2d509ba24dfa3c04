// Handlers of the trajectory view's API methods (shared/api-trajectory.ts).
import type { TRAJECTORY_API } from '../../shared/api-trajectory';
import type { HandlerContext, HandlersOf } from '../core/handler-context';
import { failureSignals } from './failure-signals';
import { setDatasetTokenizer } from './token-text';
import { getTrajectory, getTurnText } from './trajectory-detail';
import { searchTurns, turnDetails, turnLogprobs } from './trajectory-queries';

export function trajectoryHandlers({
  workspace,
}: HandlerContext): HandlersOf<typeof TRAJECTORY_API> {
  return {
    getTrajectory: (request) => getTrajectory(workspace, request.trajectory_id, request.turns),
    getTurnText: (request) => getTurnText(workspace, request),
    getTurnLogprobs: (request) =>
      turnLogprobs(workspace, request.trajectory_id, request.turn_index),
    getTurnDetails: (request) => turnDetails(workspace, request.trajectory_id, request.turn_index),
    setDatasetTokenizer: (request) =>
      setDatasetTokenizer(workspace, request.dataset_id, request.tokenizer_path),
    searchTrajectory: (request) => searchTurns(workspace, request.trajectory_id, request.query),
    getFailureSignals: async (request) => ({
      signals: await failureSignals(workspace, request.trajectory_id),
    }),
  };
}
