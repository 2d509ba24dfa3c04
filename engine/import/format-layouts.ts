// Each reader's layouts, with what each was checked against: the real files its tests read (their
// sources are in testing/samples/manifest.json and formats/fixtures/manifest.json) and the writer
// versions they came from, or "written by tests" where no real file is published. `turnwise
// formats` and the import dialog show them (format-infos.ts).
import type { FormatLayout } from '../../shared/model';
import type { FormatName } from './format-infos';

const SYNTHETIC = 'written by tests to the documented schema; no real file is published';

export const FORMAT_LAYOUTS: Readonly<Record<FormatName, readonly FormatLayout[]>> = {
  turnwise: [
    { layout: 'JSONL, one trajectory per line', checked: "Turnwise's own demo and bench datasets" },
    { layout: 'Parquet, one trajectory per row', checked: 'Parquet written by DuckDB in tests' },
  ],
  'openai-chat': [
    { layout: 'JSONL, JSON array or one record of message lists', checked: SYNTHETIC },
    { layout: 'Parquet with nested or JSON-text message columns', checked: SYNTHETIC },
  ],
  sharegpt: [
    {
      layout: 'classic conversations[{from, value}] with tools as JSON text',
      checked: 'LLaMA-Factory demo data (ff6d4d1, 2025)',
    },
    { layout: 'LLaMA-Factory v1 messages with typed parts', checked: 'LLaMA-Factory (ff6d4d1)' },
    { layout: 'a bare ReAct message list', checked: 'ETO ALFWorld examples (9cd8087)' },
  ],
  'swe-agent': [
    {
      layout: '0.x .traj (history, state as JSON text)',
      checked: 'SWE-agent 0.x test data (3ea751c)',
    },
    { layout: '1.x .traj (trajectory steps, tool calls)', checked: 'SWE-agent 1.x (3ea751c)' },
  ],
  'mini-swe-agent': [
    {
      layout: 'v2 {info, messages, trajectory_format}',
      checked: 'mini-swe-agent runs of 2025 (PR 854)',
    },
    { layout: 'a legacy message list', checked: 'mini-swe-agent test data (a83fcae)' },
  ],
  openhands: [
    { layout: 'V0 event-list export', checked: 'OpenHands runtime test trajectories (156d068)' },
    {
      layout: 'EvalOutput JSONL: history events or [action, observation] pairs',
      checked: 'OpenHands EvalOutput (Multi-SWE-bench example output, 156d068)',
    },
    {
      layout: 'EvalOutput keyed by id or task_id (2024 benchmarks)',
      checked: 'OpenHands evaluation of 2024-05 to 2024-07 (README examples)',
    },
    { layout: 'resolver output JSONL', checked: 'OpenHands resolver test output (156d068)' },
  ],
  inspect: [
    { layout: '.json log (format v2)', checked: 'Inspect AI test logs (2024-2025)' },
    { layout: '.eval zip, whole samples, deflate', checked: 'Inspect AI test logs (499e615)' },
    {
      layout: '.eval zip, whole samples, zstd entries, pooled events',
      checked: 'inspect_ai 0.3.260 (Aug 2026), eval() on a mock model',
    },
    {
      layout: '.eval zip, chunked samples (messages/ and attachments/ sequences)',
      checked: "inspect_ai 0.3.260's own chunked converter",
    },
  ],
  'tau-bench': [
    { layout: 'tau-bench results list', checked: 'tau-bench historical trajectories (59a200c)' },
    {
      layout: 'tau-bench results with crashed tasks (traj: [] and info.error)',
      checked: "tau-bench's own run.py at 59a200c, on tasks that raised",
    },
    {
      layout: 'tau2-bench text results, one file or results.json beside simulations/',
      checked: 'tau2-bench a2c0247 data model (run assembled from real tau-bench parts)',
    },
    {
      layout: 'tau2-bench full-duplex (voice) simulations read from their ticks',
      checked: 'tau2-bench a2c0247 voice test run (speech timing; text added in tests)',
    },
    {
      layout: 'tau2-bench simulations its runner gave up on (infrastructure_error, no messages)',
      checked: 'written by tests in the shape tau2 runner code writes (a2c0247)',
    },
  ],
  'nemo-gym': [
    {
      layout: 'rollouts JSONL (Responses API items), with or without token log-probs',
      checked: 'NeMo Gym example rollouts (07d6b0d)',
    },
    { layout: 'AnySWE agent rollouts', checked: 'NeMo Gym AnySWE pi, Hermes and Claude Code runs' },
  ],
  atif: [
    {
      layout: 'ATIF-v1.4 to v1.7 trajectory',
      checked: 'Harbor fixtures in Arize Phoenix (9478f95)',
    },
    { layout: 'a {parent, child} pair or embedded subagents', checked: 'the same fixtures' },
  ],
  verifiers: [
    {
      layout: 'vf-eval results.jsonl, tool calls as objects or JSON text',
      checked: "verifiers 0.1.14's own save_utils (tool_test environment)",
    },
  ],
  'trl-grpo': [{ layout: 'log_completions rows, Parquet or JSONL', checked: SYNTHETIC }],
  'otel-genai': [{ layout: 'OTLP/JSON export, .json or one export per line', checked: SYNTHETIC }],
  'gemini-cli': [
    {
      layout: 'session-*.json document',
      checked: 'real sessions of Oct 2025 and Mar 2026 (gemini-2.5-pro, gemini-3-flash)',
    },
    {
      layout: 'session-*.jsonl journal (since Apr 2026), with subagent journals',
      checked: 'Gemini CLI 0.61.0, run with its own --fake-responses',
    },
  ],
  'openhands-v1': [
    {
      layout: 'base_state.json with events/event-*.json',
      checked: 'a conversation written by software-agent-sdk (Feb 2026); SDK 611629e',
    },
  ],
  'claude-code': [
    { layout: '<session>.jsonl with inline sidechains', checked: 'Claude Code 1.0.108' },
    { layout: 'agent-<id>.jsonl beside the session', checked: 'Claude Code 2.0.64' },
    { layout: '<session>/subagents/agent-<id>.jsonl', checked: 'Claude Code 2.1.7' },
  ],
  'codex-cli': [
    { layout: 'rollout JSONL with session_meta', checked: 'codex-cli 0.125.0' },
    {
      layout: 'older header line then bare items',
      checked: 'written by tests after codex-rs recorder.rs; no real file is published',
    },
  ],
  'harbor-traces': [
    {
      layout: 'JSONL rows (Dataset.to_json), one per episode',
      checked: "Harbor's own export_traces on Terminus 2 and OpenHands trials; none is published",
    },
    {
      layout: 'Parquet rows as push_to_hub stores them, with conversations_sharegpt',
      checked: 'the same export, datasets 5.0.1',
    },
    { layout: 'a JSON array of the rows', checked: SYNTHETIC },
  ],
  'hf-sts': [
    {
      layout: 'session header line, then one message per line',
      checked: "the format page's example (hub-docs 1fd30be); no real file is published",
    },
  ],
};
