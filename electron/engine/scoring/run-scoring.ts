// The 'score' job: checks the endpoints (models, keys, matching tokenizers), then scores the
// trajectories in scope with bounded concurrency, reporting progress after each one.
import type { ApiRequest } from '../../../shared/api';
import type { ScoringEndpoint, ScoringSummary } from '../../../shared/api-scoring';
import { TurnwiseError } from '../../../shared/result';
import type { Progress } from '../jobs';
import type { Workspace } from '../store/workspace';
import type { Tokenizer } from './chat-rendering';
import { ScoreWriter, trajectoriesInScope } from './score-store';
import {
  scoreTrajectory,
  type Side,
  type SideEndpoint,
  type TrajectoryContext,
  type TrajectoryOutcome,
} from './score-trajectory';
import { EndpointError, VllmClient, type ClientOptions } from './vllm-client';

export type ScoringRequest = ApiRequest<'startScoring'>;

const MAX_LISTED_FAILURES = 100;
// Words, digits, punctuation, JSON and a chat marker: where two tokenizers differ, this does.
const TOKENIZER_PROBE =
  'Turnwise tokenizer check: The quick brown fox jumps over 13 lazy dogs. {"path": "src/app.py", "n": [1, 2.5]}\n<|im_start|>user\n¿Qué? 日本語 🙂';

/** The API key an endpoint names by environment variable (the key itself is never stored). */
export function apiKeyFor(endpoint: ScoringEndpoint, side: string): string | undefined {
  if (endpoint.api_key_env === undefined) return undefined;
  const key = process.env[endpoint.api_key_env];
  if (key === undefined || key === '') {
    throw new TurnwiseError(
      'invalid_input',
      `${side} endpoint: environment variable ${endpoint.api_key_env} is not set`,
    );
  }
  return key;
}

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

/** An endpoint's failure during setup, as a typed error (a wrong URL, model or key is bad input). */
export function endpointFailure(error: unknown): unknown {
  if (!(error instanceof EndpointError)) return error;
  const status = error.status;
  return new TurnwiseError(
    status !== null && status >= 400 && status < 500 ? 'invalid_input' : 'io',
    error.message,
  );
}

async function resolveModel(client: VllmClient, requested: string | undefined, side: Side) {
  const models = await client.listModels();
  const listed = models.map((m) => m.id).join(', ') || 'none';
  const card =
    requested === undefined
      ? models.length === 1
        ? models[0]
        : undefined
      : models.find((m) => m.id === requested);
  if (card) return card;
  const flag = side === 'policy' ? 'policy model' : 'reference model';
  throw new TurnwiseError(
    'invalid_input',
    requested === undefined
      ? `${client.baseUrl} serves ${models.length} models (${listed}); name the ${flag}`
      : `${client.baseUrl} does not serve model '${requested}' (it serves ${listed})`,
  );
}

function emptySummary(
  request: ScoringRequest,
  sides: SideEndpoint[],
  total: number,
): ScoringSummary {
  const model = (side: Side) => sides.find((s) => s.side === side)?.model ?? null;
  return {
    policy_model: model('policy'),
    ref_model: model('ref'),
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
      summary.failures.push({ trajectory_id: trajectoryId, reason: outcome.reason ?? 'failed' });
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
      const label = side === 'policy' ? 'policy' : 'reference';
      const client = new VllmClient(endpoint.base_url, apiKeyFor(endpoint, label), options);
      const card = await resolveModel(client, endpoint.model, side);
      if (card.max_model_len !== null)
        maxModelLen = Math.min(maxModelLen ?? Infinity, card.max_model_len);
      sides.push({ side, client, model: card.id });
    }
    const [main, other] = sides as [SideEndpoint, SideEndpoint | undefined];
    if (other) {
      const [a, b] = await Promise.all(
        sides.map((s) => s.client.tokenizeText(s.model, TOKENIZER_PROBE, false)),
      );
      if (JSON.stringify(a?.tokens) !== JSON.stringify(b?.tokens)) {
        throw new TurnwiseError(
          'invalid_input',
          `the policy (${main.model}) and reference (${other.model}) tokenizers differ; ` +
            'log-probs of different token sequences cannot be paired',
        );
      }
    }
    const tokenizer: Tokenizer = {
      text: (prompt, special) => main.client.tokenizeText(main.model, prompt, special),
      chat: (messages, generation, tools) =>
        main.client.tokenizeChat(main.model, messages, generation, tools),
    };
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
          tally(summary, id, await scoreTrajectory(context, id));
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
