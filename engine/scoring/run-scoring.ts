// The 'score' job: checks the endpoints (models, keys, matching tokenizers), then scores the
// trajectories in scope with bounded concurrency, reporting progress after each one.
import type { ApiRequest } from '../../shared/api';
import type { ScoringSummary } from '../../shared/api-scoring';
import { TurnwiseError } from '../../shared/result';
import type { Progress } from '../core/jobs';
import type { Workspace } from '../store/workspace';
import { ScoreWriter, trajectoriesInScope } from './score-store';
import {
  apiKeyFor,
  checkSameTokenizer,
  connectSide,
  endpointFailure,
  sharedTokenizer,
} from './scoring-setup';
import { UniformFailureWatch } from './uniform-failure';
import {
  scoreTrajectory,
  type Side,
  type SideEndpoint,
  type TrajectoryContext,
  type TrajectoryOutcome,
} from './score-trajectory';
import type { ClientOptions } from './scoring-client';

export type ScoringRequest = ApiRequest<'startScoring'>;

const MAX_LISTED_FAILURES = 100;

/** Checks what can be checked without the network, so a bad request never starts a job. */
export async function validateScoring(
  workspace: Workspace,
  request: ScoringRequest,
): Promise<void> {
  if (request.policy === undefined && request.ref === undefined) {
    throw new TurnwiseError(
      'invalid_input',
      'give a policy endpoint, a reference endpoint or both',
    );
  }
  if (request.policy) apiKeyFor(request.policy, 'policy');
  if (request.ref) apiKeyFor(request.ref, 'reference');
  await trajectoriesInScope(workspace, {
    datasetId: request.dataset_id,
    trajectoryIds: request.trajectory_ids,
  });
}

function emptySummary(
  request: ScoringRequest,
  sides: SideEndpoint[],
  total: number,
): ScoringSummary {
  const of = (side: Side) => sides.find((s) => s.side === side);
  return {
    policy_model: of('policy')?.model ?? null,
    ref_model: of('ref')?.model ?? null,
    policy_server: of('policy')?.client.server ?? null,
    ref_server: of('ref')?.client.server ?? null,
    rendering: request.rendering,
    trajectories: total,
    scored_trajectories: 0,
    skipped_trajectories: 0,
    failed_trajectories: 0,
    failures: [],
    turns_scored: 0,
    turns_already_scored: 0,
    turns_in_files: 0,
    turns_beyond_context: 0,
    tokens: 0,
    per_turn_trajectories: 0,
    requests: 0,
    retries: 0,
    seconds: 0,
  };
}

function tally(summary: ScoringSummary, trajectoryId: string, outcome: TrajectoryOutcome): void {
  if (outcome.status === 'scored') summary.scored_trajectories += 1;
  if (outcome.status === 'skipped') summary.skipped_trajectories += 1;
  if (outcome.status === 'failed') {
    summary.failed_trajectories += 1;
    if (summary.failures.length < MAX_LISTED_FAILURES) {
      summary.failures.push({
        trajectory_id: trajectoryId,
        code: outcome.code ?? 'refused',
        reason: outcome.reason ?? 'failed',
      });
    }
  }
  summary.turns_scored += outcome.turnsScored;
  summary.turns_already_scored += outcome.turnsAlreadyScored;
  summary.turns_in_files += outcome.turnsInFiles;
  summary.turns_beyond_context += outcome.turnsBeyondContext;
  summary.tokens += outcome.tokens;
  if (outcome.perTurn) summary.per_turn_trajectories += 1;
}

export async function runScoring(
  workspace: Workspace,
  request: ScoringRequest,
  report: (progress: Progress) => void,
  signal: AbortSignal,
): Promise<ScoringSummary> {
  const started = performance.now();
  // Stops the other workers when one meets an error that fails the whole job.
  const stop = new AbortController();
  const counters = { requests: 0, retries: 0 };
  const options: ClientOptions = {
    timeoutMs: request.timeout_seconds * 1000,
    maxRetries: request.max_retries,
    signal: AbortSignal.any([signal, stop.signal]),
    onRequest: () => (counters.requests += 1),
    onRetry: () => (counters.retries += 1),
  };
  const sides: SideEndpoint[] = [];
  let maxModelLen: number | null = null;
  report({ done: 0, total: null, unit: 'trajectories', message: 'checking the endpoints' });
  try {
    for (const [side, endpoint] of [
      ['policy', request.policy],
      ['ref', request.ref],
    ] as const) {
      if (!endpoint) continue;
      const connected = await connectSide(side, endpoint, options);
      if (connected.maxModelLen !== null)
        maxModelLen = Math.min(maxModelLen ?? Infinity, connected.maxModelLen);
      sides.push(connected);
    }
    await checkSameTokenizer(sides);
    const tokenizer = await sharedTokenizer(sides[0] as SideEndpoint, request.rendering);
    const ids = await trajectoriesInScope(workspace, {
      datasetId: request.dataset_id,
      trajectoryIds: request.trajectory_ids,
    });
    const summary = emptySummary(request, sides, ids.length);
    const writer = await ScoreWriter.open(workspace);
    const context: TrajectoryContext = {
      workspace,
      writer,
      rendering: request.rendering,
      onlyMissing: request.only_missing,
      sides,
      tokenizer,
      maxModelLen,
    };
    let next = 0;
    let done = 0;
    let fatal: unknown = null;
    const uniform = new UniformFailureWatch();
    const progress = () => {
      const failed =
        summary.failed_trajectories > 0 ? `, ${summary.failed_trajectories} failed` : '';
      report({
        done,
        total: ids.length,
        unit: 'trajectories',
        message: `${summary.tokens.toLocaleString('en-US')} tokens in ${summary.turns_scored} turns scored${failed}`,
      });
    };
    const worker = async () => {
      while (!options.signal.aborted && next < ids.length) {
        const id = ids[next++] as string;
        try {
          const outcome = await scoreTrajectory(context, id);
          tally(summary, id, outcome);
          uniform.record(outcome);
        } catch (error) {
          if (fatal === null && !signal.aborted) fatal = error;
          stop.abort();
          return;
        }
        done += 1;
        progress();
      }
    };
    progress();
    await Promise.all(Array.from({ length: Math.min(request.concurrency, ids.length) }, worker));
    await writer.close();
    if (fatal !== null) throw fatal;
    if (signal.aborted) {
      throw new TurnwiseError(
        'cancelled',
        `score cancelled; the ${summary.scored_trajectories} trajectories scored before it are kept`,
      );
    }
    return {
      ...summary,
      requests: counters.requests,
      retries: counters.retries,
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    throw endpointFailure(error);
  }
}
