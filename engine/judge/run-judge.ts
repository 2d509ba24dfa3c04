// The 'judge' job: every segment in scope gets the judge's role, through the cache first (re-runs
// cost nothing), with bounded concurrency; answers are committed as they come (a killed run keeps
// what it reported), and a summary of labels, cache hits, failures and tokens is returned.
import { randomUUID } from 'node:crypto';
import type { ApiRequest } from '../../shared/api';
import type { JudgeAnswer, JudgeSummary } from '../../shared/api-judge';
import { TurnwiseError } from '../../shared/result';
import { ensureSegments } from '../credit/segments-store';
import { endpointKey } from '../endpoints/endpoint-key';
import type { Progress } from '../core/jobs';
import type { Workspace } from '../store/workspace';
import { AnswerWriter, type CacheEntry } from './answer-writer';
import { runBounded } from './bounded-pool';
import {
  chatCompletionsUrl,
  freshLearning,
  judgeSegment,
  type JudgeClientOptions,
} from './judge-client';
import { getPrompt } from './judge-prompts';
import { judgeServer } from './judge-server';
import { saveRun } from './judge-runs';
import { labeledSegments, loadSegments, segmentKey, selectTrajectories } from './judge-store';
import { judgeTasks, type JudgeTask } from './judge-tasks';

/** A startJudge request with its prompt version resolved (the handler fills in the active one). */
export type JudgeRequest = ApiRequest<'startJudge'> & { prompt_version: string };

/** After this many segments fail in a row the endpoint is taken to be broken and the run stops. */
const MAX_CONSECUTIVE_FAILURES = 8;
const MAX_LISTED_FAILURES = 50;

export function judgeSource(promptVersion: string, model: string): string {
  return `judge:${promptVersion}@${model}`;
}

/** Serialises work on one DuckDB connection (a connection runs one statement at a time). */
function serial() {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };
}

function emptySummary(request: JudgeRequest, promptVersion: string, segments: number) {
  return {
    run_id: randomUUID(),
    dataset_id: request.dataset_id ?? null,
    prompt_version: promptVersion,
    model: request.model,
    source: judgeSource(promptVersion, request.model),
    segmentation: request.segmentation,
    segments,
    labeled: 0,
    cached: 0,
    failed: 0,
    requests: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    roles: {},
    failures: [],
    seconds: 0,
  } satisfies JudgeSummary;
}

export async function runJudge(
  workspace: Workspace,
  request: JudgeRequest,
  report: (progress: Progress) => void,
  signal: AbortSignal,
  env: Record<string, string | undefined> = process.env,
  /** Judge only these segments (segmentKey) of the trajectories in scope, e.g. an eval suite's. */
  only?: ReadonlySet<string>,
): Promise<JudgeSummary> {
  const started = new Date();
  const prompt = await getPrompt(workspace, request.prompt_version);
  const scope = { dataset_id: request.dataset_id, trajectory_ids: request.trajectory_ids };
  report({ done: 0, total: null, unit: 'segments', message: 'segmenting trajectories' });
  await ensureSegments(workspace, scope, request.segmentation, signal);
  const { segmentation } = request;
  const ids = await selectTrajectories(workspace, { ...scope, segmentation, limit: request.limit });
  const segments = await loadSegments(workspace, ids, segmentation);
  if (only !== undefined) {
    for (const [id, list] of segments) {
      segments.set(
        id,
        list.filter((segment) => only.has(segmentKey(id, segment.segment_index))),
      );
    }
  }
  const total = [...segments.values()].reduce((n, list) => n + list.length, 0);
  const summary: JudgeSummary = emptySummary(request, prompt.version_id, total);
  const { source } = summary;
  const alreadyLabeled = await labeledSegments(workspace, ids, source, segmentation);
  const url = chatCompletionsUrl(request.endpoint);
  const apiKey = endpointKey(request.api_key_env, url, env);
  const { profile } = await judgeServer(url, request.server, apiKey, signal);
  summary.server = profile;
  const client: JudgeClientOptions = {
    url,
    model: request.model,
    apiKey,
    server: profile,
    learned: freshLearning(),
    timeoutMs: request.timeout_ms,
    maxRetries: request.max_retries,
  };

  let finished = 0;
  const progress = () =>
    report({
      done: finished,
      total,
      unit: 'segments',
      message:
        `${source}: ${summary.labeled} labeled, ${summary.cached} from cache, ` +
        `${summary.failed} failed · ${summary.prompt_tokens} tokens in, ` +
        `${summary.completion_tokens} out`,
    });
  progress();

  const reader = await workspace.connect();
  const writer = await workspace.connect();
  const exclusive = serial();
  const answers = new AnswerWriter(workspace, writer, exclusive);
  // Aborted by a cancel or by the first fatal error, so other lanes' requests stop too.
  const inner = new AbortController();
  const abortInner = () => inner.abort();
  signal.addEventListener('abort', abortInner, { once: true });
  let consecutiveFailures = 0;

  const fail = (task: JudgeTask, reason: string) => {
    summary.failed++;
    if (summary.failures.length < MAX_LISTED_FAILURES) {
      summary.failures.push({
        trajectory_id: task.trajectory_id,
        segment_index: task.segment_index,
        reason,
      });
    }
  };
  const save = (task: JudgeTask, answer: JudgeAnswer, cache: CacheEntry | null) => {
    summary.roles[answer.role] = (summary.roles[answer.role] ?? 0) + 1;
    const label = !alreadyLabeled.has(segmentKey(task.trajectory_id, task.segment_index));
    answers.add({
      trajectory_id: task.trajectory_id,
      segment_index: task.segment_index,
      segmentation,
      source,
      answer,
      cache,
      label,
      onSaved: () => {
        if (label) summary.labeled++;
        progress();
      },
    });
  };

  const handle = async (task: JudgeTask): Promise<void> => {
    if (task.kind === 'broken') {
      fail(task, task.reason);
    } else if (task.cached !== null) {
      summary.cached++;
      save(task, task.cached, null);
    } else {
      const outcome = await judgeSegment(
        client,
        [
          { role: 'system', content: prompt.text },
          { role: 'user', content: task.context },
        ],
        inner.signal,
      );
      summary.requests += outcome.usage.requests;
      summary.prompt_tokens += outcome.usage.prompt_tokens;
      summary.completion_tokens += outcome.usage.completion_tokens;
      if (outcome.ok) {
        consecutiveFailures = 0;
        const { prompt_tokens, completion_tokens } = outcome.usage;
        const entry = { key: task.key, prompt_version: prompt.version_id, model: request.model };
        save(task, outcome.answer, { ...entry, prompt_tokens, completion_tokens });
      } else {
        fail(task, outcome.reason);
        if (++consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
          throw new TurnwiseError(
            'io',
            `the judge failed ${consecutiveFailures} segments in a row, so the run stopped; ` +
              `last: ${outcome.reason}`,
          );
        }
      }
    }
    finished++;
    progress();
  };

  const tasks = judgeTasks({
    reader,
    writer,
    exclusive,
    trajectoryIds: ids,
    segments,
    segmentation,
    promptVersion: prompt.version_id,
    model: request.model,
    signal: inner.signal,
  });
  let failure: { error: unknown } | null = null;
  try {
    await runBounded(tasks, request.concurrency, handle, abortInner);
  } catch (error) {
    failure = { error };
  }
  // Answers already received are committed even after a cancel or an error: they were paid for.
  try {
    await answers.close();
  } catch (error) {
    failure ??= { error };
  }
  signal.removeEventListener('abort', abortInner);
  reader.closeSync();
  writer.closeSync();
  summary.seconds = (Date.now() - started.getTime()) / 1000;
  progress();
  const status = failure === null ? 'succeeded' : signal.aborted ? 'cancelled' : 'failed';
  await saveRun(workspace, {
    run_id: summary.run_id,
    dataset_id: summary.dataset_id,
    prompt_version: prompt.version_id,
    model: request.model,
    endpoint: client.url,
    status,
    // The ids of a filter can be many; their number says enough about the run.
    params: { ...request, endpoint: client.url, trajectory_ids: request.trajectory_ids?.length },
    summary,
    started_at: started,
  });
  if (failure === null) return summary;
  const kept = `${summary.labeled} labels written before it are kept`;
  if (status === 'cancelled')
    throw new TurnwiseError('cancelled', `judge cancelled; ${kept}`, summary);
  const { error } = failure;
  if (error instanceof TurnwiseError) {
    throw new TurnwiseError(error.code, `${error.message} (${kept})`, summary);
  }
  throw error;
}
