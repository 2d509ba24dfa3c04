// The export targets, once: their ids, what the Export page, `turnwise export --help` and the
// targets table of docs/export.md say about them, and the metadata the engine and the screen
// agree on (data files, contracts, which options apply). Pure data, so the renderer and the
// engine both read it; the writers stay in engine/export/targets/, keyed by these ids.

/** What a target does with turn credit: real-valued weights, binary train flags, or nothing. */
export type TargetCredit = 'turn_weights' | 'train_flags' | null;

/**
 * Where per-trajectory (DRIFT) weights go: a field of the record, record duplication (targets
 * without such a field), or nowhere, when a record is a task's prompt rather than a trajectory.
 */
export type TargetTrajectoryWeight = 'record' | 'duplicate' | 'task_prompts';

export interface ExportTargetInfo {
  /** The name the Export page shows beside the id. */
  title: string;
  /** The data file first, then the files written beside it, relative to the output folder. */
  files: readonly string[];
  /** The contracts (contracts/<name>.schema.json) its records conform to. */
  contracts: readonly string[];
  /** Its records are preference pairs or labelled steps (the pairing options apply). */
  pairs: boolean;
  credit: TargetCredit;
  trajectoryWeight: TargetTrajectoryWeight;
  /** What it writes, as the Export page explains the chosen target. */
  writes: string;
  /** The columns of the targets table in docs/export.md (Markdown). */
  doc: { fields: string; readBy: string; weights: string; pitfalls: string };
}

export const EXPORT_TARGET_INFO = {
  'trl-sft': {
    title: 'TRL SFT',
    files: ['train.jsonl'],
    contracts: ['trl-sft'],
    pairs: false,
    credit: null,
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of {"messages", "tools"}: every selected trajectory as a conversation, tool-call arguments as objects.',
    doc: {
      fields: '`messages`, `tools` (only with schemas)',
      readBy: 'TRL SFTTrainer (none recorded)',
      weights: 'none',
      pitfalls:
        "tool-call arguments as objects, as TRL's chat templates expect; no empty `tools` (Llama-3.x renders a tools block for one)",
    },
  },
  'trl-kto': {
    title: 'TRL KTO',
    files: ['train.jsonl'],
    contracts: ['trl-kto'],
    pairs: true,
    credit: null,
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of {"prompt", "completion", "label"}: per trajectory, the system and user turns, the rest, and whether it succeeded; per step pair, the history up to a branch point and the one turn taken there, labelled by its value.',
    doc: {
      fields: '`prompt`, `completion`, `label`',
      readBy: 'TRL KTOTrainer (none recorded)',
      weights: 'none (label)',
      pitfalls: 'trajectory records and step records; each branch turn written once',
    },
  },
  'trl-dpo': {
    title: 'TRL DPO',
    files: ['train.jsonl'],
    contracts: ['trl-dpo'],
    pairs: true,
    credit: null,
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of {"prompt", "chosen", "rejected", "tools"}: a successful and a failed trajectory of the same task, and/or the higher- and lower-value turns at turn-tree branch points.',
    doc: {
      fields: '`prompt`, `chosen`, `rejected`, `tools` (only with schemas)',
      readBy: 'TRL DPOTrainer (none recorded)',
      weights: 'none',
      pitfalls:
        'pair skipped if the two prompts differ or the two sides are the same messages; tools of both sides merged by name',
    },
  },
  openrlhf: {
    title: 'OpenRLHF SFT',
    files: ['train.jsonl'],
    contracts: ['openrlhf'],
    pairs: false,
    credit: null,
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of {"messages"}: each trajectory up to its last assistant turn, the tool schemas in its system message, for OpenRLHF\'s multi-turn mode, which trains the assistant messages only (flags recorded in the manifest).',
    doc: {
      fields: '`messages` (tool schemas as `# Tools` lines in the system message)',
      readBy:
        'OpenRLHF SFT: `data.dataset`, `data.input_key: messages`, `data.apply_chat_template: true`, `data.multiturn: true`',
      weights: 'none',
      pitfalls:
        'multi-turn mode, so tool results and user turns are not trained; OpenRLHF passes no tools to the template, so the schemas are in the system message; ends with the last assistant turn',
    },
  },
  'ms-swift': {
    title: 'ms-swift',
    files: ['train.jsonl'],
    contracts: ['ms-swift'],
    pairs: false,
    credit: 'turn_weights',
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of {"messages", "tools"} in ms-swift\'s agent format, with per-turn loss and loss_scale from the weighting transform of each turn\'s credit where credit exists.',
    doc: {
      fields:
        '`messages` (`tool_call`, `tool_response` roles; `loss`, `loss_scale`), `tools` (JSON string)',
      readBy: 'ms-swift: `dataset: train.jsonl`',
      weights: 'per turn (`loss` bool, `loss_scale` real)',
      pitfalls:
        'agent format: each call its own `tool_call` message with JSON `{name, arguments}`; fields only on turns with credit',
    },
  },
  llamafactory: {
    title: 'LLaMA-Factory',
    files: ['train.jsonl', 'dataset_info.json'],
    contracts: ['llamafactory', 'llamafactory-ranking'],
    pairs: true,
    credit: null,
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of ShareGPT {"conversations", "system", "tools"} with function_call and observation turns (or, with preference pairs, its ranking format with "chosen" and "rejected"), plus a dataset_info.json registering it.',
    doc: {
      fields:
        '`conversations` `[{from, value}]`, `system`, `tools` (JSON string); ranking: `chosen`, `rejected`',
      readBy: 'LLaMA-Factory: `dataset_dir: .`, `dataset: turnwise`',
      weights: 'none',
      pitfalls:
        'tools as a JSON string of flat `{name, description, parameters}`; same-side turns merged; trailing input cut; generated `dataset_info.json`',
    },
  },
  'llamafactory-v1': {
    title: 'LLaMA-Factory v1',
    files: ['train.jsonl'],
    contracts: ['llamafactory-v1'],
    pairs: false,
    credit: 'turn_weights',
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of {"messages", "tools"} with content [{"type", "value"}] items and a real-valued loss_weight per message: the weighting transform of each assistant turn\'s credit, 0 for inputs.',
    doc: {
      fields:
        '`messages` `[{role, content: [{type, value}], loss_weight}]`, `tools` (JSON string, if any)',
      readBy: 'LLaMA-Factory v1: `dataset: train.jsonl`',
      weights: 'per turn (real `loss_weight`; inputs 0)',
      pitfalls:
        'tool calls as `tool_call` content items; `tools` left out when empty (v1 renders a tools block whenever it is set)',
    },
  },
  axolotl: {
    title: 'Axolotl',
    files: ['train.jsonl', 'axolotl.yaml'],
    contracts: ['axolotl'],
    pairs: false,
    credit: 'train_flags',
    trajectoryWeight: 'duplicate',
    writes:
      'train.jsonl of chat_template {"messages", "tools"} with a per-message train flag (assistant credit at least the threshold), plus axolotl.yaml with the dataset entry that reads it.',
    doc: {
      fields: '`messages` (each with `train`), `tools`',
      readBy:
        'axolotl: `config: axolotl.yaml`, `type: chat_template`, `field_messages: messages`, `message_field_training: train`, `roles_to_train: [assistant]`',
      weights: 'train flags (binary per turn)',
      pitfalls:
        'tool-call arguments and tool parameters as JSON text (Arrow would merge and null-fill objects); config snippet written',
    },
  },
  'verl-sft': {
    title: 'verl multi-turn SFT',
    files: ['train.parquet'],
    contracts: ['verl-sft'],
    pairs: false,
    credit: null,
    trajectoryWeight: 'duplicate',
    writes:
      'train.parquet of {"messages", "tools"} for verl\'s MultiTurnSFTDataset; tool-call arguments and tool parameters as JSON text, since Parquet null-fills mixed shapes.',
    doc: {
      fields: '`messages` (`role`, `content`, `reasoning_content`, `name`, `tool_calls`), `tools`',
      readBy:
        'verl: `data.train_files`, `data.multiturn.enable: true`, `data.multiturn.messages_key: messages`, `data.multiturn.tools_key: tools`',
      weights: 'none',
      pitfalls:
        'Parquet with fixed column types; arguments and tool parameters as JSON text (Parquet null-fill; decode them for `tojson` templates); tool results keep their `name`',
    },
  },
  'verl-rl': {
    title: 'verl RL prompts',
    files: ['train.parquet', 'tool_schemas.json'],
    contracts: ['verl-rl'],
    pairs: false,
    credit: null,
    trajectoryWeight: 'task_prompts',
    writes:
      "train.parquet with one prompt per task: data_source, prompt, ability, reward_model {style, ground_truth}, extra_info (with the segment credit) and agent_name; tool_schemas.json with the tasks' tool schemas for verl's tool config.",
    doc: {
      fields:
        '`data_source`, `prompt`, `ability`, `reward_model {style, ground_truth}`, `extra_info`, `agent_name`',
      readBy:
        'verl: `data.train_files`, `data.prompt_key: prompt`, `data.reward_fn_key: data_source`',
      weights: 'none (task prompts); segment credit in `extra_info`',
      pitfalls:
        'verl rejects `.jsonl`, so Parquet; one row per task; no `tools_kwargs`; tool schemas in `tool_schemas.json` for the tool config',
    },
  },
  'trl-grpo': {
    title: 'TRL GRPO',
    files: ['train.jsonl'],
    contracts: ['trl-grpo'],
    pairs: false,
    credit: null,
    trajectoryWeight: 'task_prompts',
    writes:
      'train.jsonl with one prompt per task: {"prompt", "ground_truth", "task_id", "dataset_id", "tools"}; the extra columns reach your reward functions.',
    doc: {
      fields: '`prompt`, `ground_truth`, `task_id`, `dataset_id`, `tools`',
      readBy: 'TRL GRPOTrainer: `dataset: train.jsonl`',
      weights: 'none (task prompts)',
      pitfalls: 'one row per task; extra columns reach reward functions as keyword arguments',
    },
  },
  tokens: {
    title: 'Per-token (Parquet)',
    files: ['tokens.parquet'],
    contracts: ['tokens'],
    pairs: false,
    credit: 'turn_weights',
    trajectoryWeight: 'record',
    writes:
      'tokens.parquet with one row per trajectory: input_ids, labels, loss_mask, weights and advantages from credit, and stored policy logprobs; ids are the stored ones where scored or imported, else from the tokenizer.json you choose.',
    doc: {
      fields:
        '`trajectory_id`, `task_id`, `input_ids`, `labels`, `loss_mask`, `weights`, `advantages`, `logprobs`, `trajectory_weight`',
      readBy: 'your own trainer (none recorded)',
      weights: 'per token (`weights`, `advantages`) and per record (`trajectory_weight`)',
      pitfalls:
        'stored token ids kept, `<|im_end|>` added where they lack it; tools merged into the system message; ChatML framing identical to scoring',
    },
  },
} as const satisfies Record<string, ExportTargetInfo>;

export type ExportTarget = keyof typeof EXPORT_TARGET_INFO;

/** The target ids in the order the screen, the help and the docs list them. */
export const EXPORT_TARGETS = Object.keys(EXPORT_TARGET_INFO) as [ExportTarget, ...ExportTarget[]];

export function isExportTarget(name: string): name is ExportTarget {
  return Object.hasOwn(EXPORT_TARGET_INFO, name);
}

/** The targets whose info satisfies a test, in registry order. */
export function targetsWhere(
  test: (info: ExportTargetInfo, target: ExportTarget) => boolean,
): ReadonlySet<ExportTarget> {
  return new Set(EXPORT_TARGETS.filter((target) => test(EXPORT_TARGET_INFO[target], target)));
}
