// What `turnwise formats` and the import dialog list about each reader, in their order: kept apart
// from the readers so that listing the formats loads none of them (docs/performance.md).
import type { FormatInfo } from '../../shared/model';
import { FORMAT_LAYOUTS } from './format-layouts';

export const FORMAT_INFOS = [
  {
    name: 'turnwise',
    description:
      'Turnwise rollouts (JSONL or Parquet): one trajectory per line or row with OpenAI messages, optional per-token ' +
      'token_ids / logp_policy / logp_ref on assistant messages',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst', '.parquet'],
  },
  {
    name: 'openai-chat',
    description:
      'OpenAI chat messages, one conversation per record (JSONL, JSON array or Parquet; message ' +
      'lists as nested lists or JSON text), outcome from reward/score or success/resolved/target',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst', '.json', '.json.gz', '.json.zst', '.parquet'],
  },
  {
    name: 'sharegpt',
    description:
      'ShareGPT / LLaMA-Factory conversations (conversations[{from, value}] with function_call and ' +
      'observation turns, v1 messages with typed content parts, bare ReAct message lists)',
    extensions: ['.json', '.jsonl', '.json.gz', '.jsonl.gz', '.json.zst', '.jsonl.zst'],
  },
  {
    name: 'swe-agent',
    description:
      'SWE-agent .traj files (0.x and 1.x): history or trajectory steps, info; resolution joined ' +
      'from a SWE-bench results report',
    extensions: ['.traj', '.traj.gz', '.traj.zst'],
  },
  {
    name: 'mini-swe-agent',
    description:
      'mini-swe-agent .traj.json files: v2 {info, messages, trajectory_format} or a legacy ' +
      'message list; resolution joined from a SWE-bench results report',
    extensions: ['.traj.json', '.json', '.json.gz', '.json.zst'],
  },
  {
    name: 'openhands',
    description:
      'OpenHands: V0 event-list exports, EvalOutput JSONL (keyed by instance_id, or 2024 id / ' +
      'task_id; history of events or [action, observation] pairs; test_result verdicts) and ' +
      'resolver output JSONL',
    extensions: ['.json', '.jsonl', '.json.gz', '.jsonl.gz', '.json.zst', '.jsonl.zst'],
  },
  {
    name: 'inspect',
    description:
      'Inspect AI eval logs (.json, or .eval zip with stored, deflate or zstd entries and whole ' +
      'or chunked samples; condensed events and attachments resolved): one trajectory per ' +
      'sample and epoch, scores (letters C/I/P/N or numbers) as reward',
    extensions: ['.eval', '.json', '.json.gz', '.json.zst'],
  },
  {
    name: 'tau-bench',
    description:
      'tau-bench results (a list of {task_id, reward, info, traj, trial}, or one) and tau2-bench ' +
      'results ({info, tasks, simulations}, or results.json beside simulations/): text runs and ' +
      'voice (full-duplex) runs read from their ticks; the simulated user may call tools',
    extensions: ['.json', '.json.gz', '.json.zst'],
  },
  {
    name: 'nemo-gym',
    description:
      'NeMo Gym rollouts JSONL (OpenAI Responses items; training-mode token ids and policy ' +
      'log-probs on output items)',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst'],
  },
  {
    name: 'atif',
    description:
      'ATIF trajectories (Harbor / Terminal-Bench interchange, v1.x): steps with tool calls, ' +
      'observations and per-token metrics; subagent trajectories linked to their parent',
    extensions: ['.json', '.json.gz', '.json.zst'],
  },
  {
    name: 'verifiers',
    description:
      'verifiers results.jsonl: prompt and completion message lists, reward and metrics per ' +
      'rollout; rollouts of one example form a GRPO group',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst'],
  },
  {
    name: 'trl-grpo',
    description:
      'TRL GRPO completion logs (Parquet or JSONL): step, prompt, completion, reward columns and ' +
      'advantage; completions of one prompt at one step form a group',
    extensions: ['.parquet', '.jsonl', '.jsonl.gz', '.jsonl.zst'],
  },
  {
    name: 'otel-genai',
    description:
      'OTLP/JSON trace exports with OpenTelemetry GenAI spans (chat / execute_tool / ' +
      'invoke_agent): one trajectory per trace',
    extensions: ['.json', '.jsonl', '.json.gz', '.jsonl.gz', '.json.zst', '.jsonl.zst'],
  },
  {
    name: 'gemini-cli',
    description:
      'Gemini CLI chat sessions: session-*.json documents and the session-*.jsonl journal ' +
      '(messages, thoughts, tool calls with their results, tokens), one trajectory per file',
    extensions: ['.json', '.jsonl', '.json.gz', '.jsonl.gz', '.json.zst', '.jsonl.zst'],
  },
  {
    name: 'openhands-v1',
    description:
      'OpenHands V1 (software-agent-sdk) persisted conversations: base_state.json with its ' +
      'events/event-*.json (messages, actions, observations, errors), one trajectory per folder',
    extensions: ['.json'],
  },
  {
    name: 'claude-code',
    description:
      'Claude Code session logs (~/.claude/projects/<project>/<session>.jsonl, 1.0.x-2.x): ' +
      'thinking, tool uses and results paired by id; sub-agent sidechains and agent-<id>.jsonl ' +
      'files as trajectories linked to their session',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst'],
  },
  {
    name: 'codex-cli',
    description:
      'Codex CLI rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl, and the older ' +
      'header-then-items files): messages, reasoning, function, shell and custom tool calls ' +
      'paired with their outputs, exit codes as tool errors',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst'],
  },
  {
    name: 'harbor-traces',
    description:
      'Harbor traces export (harbor traces export: JSONL, JSON array or Parquet, one row per ' +
      'episode): one trajectory per trial from its longest episode; result as reward or error',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst', '.json', '.json.gz', '.json.zst', '.parquet'],
  },
  {
    name: 'hf-sts',
    description:
      'Hugging Face Session Trace Simple Format (STS-Format) JSONL: a session header line, then ' +
      'one message per line with tool calls, tool results by id and reasoning',
    extensions: ['.jsonl', '.jsonl.gz', '.jsonl.zst'],
  },
] as const satisfies readonly Omit<FormatInfo, 'layouts'>[];

export type FormatName = (typeof FORMAT_INFOS)[number]['name'];

/** One reader's name, description, extensions and layouts. */
export function formatInfo(name: FormatName): FormatInfo {
  const info = FORMAT_INFOS.find((candidate) => candidate.name === name);
  if (!info) throw new Error(`no format info for '${name}'`);
  return { ...info, extensions: [...info.extensions], layouts: [...FORMAT_LAYOUTS[name]] };
}

export function formatInfos(): FormatInfo[] {
  return FORMAT_INFOS.map((info) => formatInfo(info.name));
}
