// The `turnwise` rollout format as the demo generator emits it (docs/ARCHITECTURE.md, import): one trajectory per
// JSONL line, OpenAI chat messages, optional per-token log-probs on assistant messages.

export const STEP_ROLES = [
  'decisive_progress',
  'useful_exploration',
  'no_progress_infrastructure',
  'regression',
] as const;
export type StepRole = (typeof STEP_ROLES)[number];

export type TaskFamily = 'repair' | 'config' | 'investigate';
export type Difficulty = 'easy' | 'medium' | 'hard';

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  content: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  reasoning: string;
  tool_calls: ToolCall[];
  token_ids: number[];
  logp_policy: number[];
  logp_ref: number[];
}

export interface ToolMessage {
  role: 'tool';
  tool_call_id: string;
  name: string;
  content: string;
}

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/** JSON Schema subset used in OpenAI function tool specs. */
export interface JsonSchemaProperty {
  type: 'string' | 'integer' | 'boolean';
  description: string;
}

export interface ToolSpec {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: {
      type: 'object';
      properties: Record<string, JsonSchemaProperty>;
      required: string[];
    };
  };
}

export type Termination = 'submitted' | 'step_budget';

export type FailureMode =
  | 'wrong_edit'
  | 'test_tampering'
  | 'repetition_loop'
  | 'gave_up'
  | 'premature_submit'
  | 'wrong_answer'
  | 'step_budget';

/** Ground truth recorded by the simulator so later features can be checked against it. */
export interface RolloutMetadata {
  env: string;
  generator: string;
  seed: number;
  family: TaskFamily;
  difficulty: Difficulty;
  task_title: string;
  step_budget: number;
  /** Message index of every assistant action turn, aligned with step_roles. */
  action_turns: number[];
  step_roles: StepRole[];
  /** Message index of the first decisive error of a failed rollout; null for successes. */
  failure_step: number | null;
  failure_mode: FailureMode | null;
  termination: Termination;
  checks_passed: number;
  checks_total: number;
  submission: string | null;
}

export interface TurnwiseRecord {
  trajectory_id: string;
  task_id: string;
  group_id: string;
  sample_index: number;
  model: string;
  reward: number;
  success: boolean;
  messages: ChatMessage[];
  tools: ToolSpec[];
  metadata: RolloutMetadata;
}
