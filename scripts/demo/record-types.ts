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

/** Test names grouped by test file, in collection order; a pytest node id is `<file>::<name>`. */
export type TestsByFile = Record<string, string[]>;

/** Effective settings as the overlay loader returns them: environment -> section -> key -> value. */
export type SettingsTree = Record<string, Record<string, Record<string, string>>>;

/**
 * What a reward function needs to grade a final state without the simulator. `targets` are the
 * checks that fail in the initial repository: partial credit is the share of them passing.
 */
export type GroundTruth =
  | {
      kind: 'tests';
      /** The buggy functions, by module path. */
      fix: Record<string, string[]>;
      /** Every pristine test; all must pass. */
      tests: TestsByFile;
      targets: TestsByFile;
    }
  | {
      kind: 'settings';
      /** Effective values `load(environment)` must return; everything else is unchecked. */
      expected: SettingsTree;
      targets: SettingsTree;
    }
  | {
      kind: 'answer';
      answer: string;
      /** Forms known to be graded correct; any answer equal after normalisation also is. */
      accepted: string[];
    };

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
  /**
   * The task's grader facts (reference answer), identical for every rollout of the task; RL
   * exports read it as the prompt row's ground_truth. Last key, so older fields keep their place.
   */
  ground_truth: GroundTruth;
}

/** Extra metadata of a fine-tuned checkpoint's run; base-run records carry none of it. */
export interface CheckpointMetadata {
  run: 'checkpoint';
  /** Checkpoint name, e.g. `sft1`. */
  checkpoint: string;
  /** Families whose base-run rollouts the checkpoint was fine-tuned on; the rest are held out. */
  trained_families: TaskFamily[];
  /** Shift added to this task's hidden ease for the checkpoint (skill moves by half of it). */
  ease_shift: number;
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
  /** Checkpoint fields come after the base fields, so base-run records keep their bytes. */
  metadata: RolloutMetadata & Partial<CheckpointMetadata>;
}
