// One turn's metadata, as the readers stored it, normalized into the details panel's facts
// (docs/formats/README.md, "Turn details"): Inspect and OTLP model_call objects, ATIF step
// metrics (latency in metrics.extra) and model_name, mini-swe-agent cost. What is not normalized stays as JSON text.
import {
  TURN_DETAILS_IMAGES,
  TURN_DETAILS_SANDBOX_EVENTS,
  type TurnDetails,
} from '../../shared/api-trajectory';

/** The leftover metadata is cut to this many characters. */
export const OTHER_CHARS = 20_000;

/** Generation settings shown as sampling parameters; other config keys stay in `other`. */
const SAMPLING_KEYS = new Set([
  'temperature',
  'top_p',
  'top_k',
  'min_p',
  'max_tokens',
  'max_completion_tokens',
  'seed',
  'frequency_penalty',
  'presence_penalty',
  'repetition_penalty',
  'stop_seqs',
  'stop',
  'num_choices',
  'n',
  'reasoning_effort',
  'reasoning_tokens',
  'logprobs',
  'top_logprobs',
]);

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const first = <T>(...values: (T | null)[]): T | null => values.find((v) => v !== null) ?? null;

function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

function sampling(config: Obj): { sampling: TurnDetails['sampling']; rest: Obj } {
  const out: TurnDetails['sampling'] = {};
  const rest: Obj = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === null || value === undefined) continue;
    if (!SAMPLING_KEYS.has(key)) rest[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
      out[key] = value;
    else out[key] = JSON.stringify(value);
  }
  return { sampling: out, rest };
}

function scores(value: unknown): TurnDetails['scores'] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObj).map((score) => ({
    scorer: scalarText(score.scorer),
    value: scalarText(score.value),
    explanation: text(score.explanation),
  }));
}

function sandboxEvents(value: unknown): TurnDetails['sandbox_events'] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isObj)
    .slice(0, TURN_DETAILS_SANDBOX_EVENTS)
    .map((event) => ({
      action: scalarText(event.action ?? 'event'),
      target: text(event.cmd) ?? text(event.file) ?? '',
      result: event.result === undefined || event.result === null ? null : scalarText(event.result),
    }));
}

/** data: image URLs only: a remote address in the data is never fetched. */
function images(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (url): url is string => typeof url === 'string' && /^data:image\/[\w.+-]+[;,]/.test(url),
    )
    .slice(0, TURN_DETAILS_IMAGES);
}

function otherText(rest: Obj): string | null {
  if (Object.keys(rest).length === 0) return null;
  const json = JSON.stringify(rest, null, 2);
  return json.length > OTHER_CHARS ? `${json.slice(0, OTHER_CHARS)}\n… (cut)` : json;
}

export function normalizeTurnDetails(metadata: unknown): TurnDetails {
  const {
    model_call: rawCall,
    metrics: rawMetrics,
    model_name: modelName,
    cost,
    scores: rawScores,
    sandbox_events: rawSandbox,
    sandbox_events_total: sandboxTotal,
    images: rawImages,
    ...rest
  } = isObj(metadata) ? metadata : {};
  const {
    model,
    usage: rawUsage,
    time,
    config,
    stop_reason: stopReason,
    retries,
    ...callRest
  } = isObj(rawCall) ? rawCall : {};
  const usage = isObj(rawUsage) ? rawUsage : {};
  const {
    prompt_tokens: prompt,
    completion_tokens: completion,
    cached_tokens: cached,
    cost_usd: costUsd,
    ...metricsRest
  } = isObj(rawMetrics) ? rawMetrics : {};
  // ATIF keeps a call's latency in metrics.extra.
  const { latency_ms: extraLatency, ...extraRest } = isObj(metricsRest.extra)
    ? metricsRest.extra
    : {};
  if (isObj(metricsRest.extra)) {
    if (Object.keys(extraRest).length > 0) metricsRest.extra = extraRest;
    else delete metricsRest.extra;
  }
  const generation = sampling(isObj(config) ? config : {});
  if (Object.keys(generation.rest).length > 0) callRest.config = generation.rest;
  if (Object.keys(callRest).length > 0) rest.model_call = callRest;
  if (Object.keys(metricsRest).length > 0) rest.metrics = metricsRest;
  const seconds = num(time);
  const sandbox = sandboxEvents(rawSandbox);
  return {
    model: first(text(model), text(modelName)),
    input_tokens: first(num(usage.input_tokens), num(usage.prompt_tokens), num(prompt)),
    output_tokens: first(num(usage.output_tokens), num(usage.completion_tokens), num(completion)),
    cached_tokens: first(num(usage.input_tokens_cache_read), num(cached)),
    reasoning_tokens: num(usage.reasoning_tokens) || null,
    latency_ms: seconds === null ? num(extraLatency) : Math.round(seconds * 1000),
    sampling: generation.sampling,
    stop_reason: text(stopReason),
    cost_usd: first(num(costUsd), num(cost)),
    retries: num(retries),
    scores: scores(rawScores),
    sandbox_events: sandbox,
    sandbox_events_total: num(sandboxTotal) ?? sandbox.length,
    images: images(rawImages),
    other: otherText(rest),
  };
}
