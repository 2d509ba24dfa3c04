// What each export target writes, as the Export page describes it.
import type { ExportTarget } from '../../../shared/api-export';

export const TARGET_INFO: Record<ExportTarget, { title: string; writes: string }> = {
  'trl-sft': {
    title: 'TRL SFT',
    writes:
      'train.jsonl of {"messages", "tools"}: every selected trajectory as a conversation, tool-call arguments as objects.',
  },
  'trl-kto': {
    title: 'TRL KTO',
    writes:
      'train.jsonl of {"prompt", "completion", "label"}: per trajectory, the system and user turns, the rest, and whether it succeeded; per step pair, the history up to a branch point and the one turn taken there, labelled by its value.',
  },
  'trl-dpo': {
    title: 'TRL DPO',
    writes:
      'train.jsonl of {"prompt", "chosen", "rejected", "tools"}: a successful and a failed trajectory of the same task, and/or the higher- and lower-value turns at turn-tree branch points.',
  },
  openrlhf: {
    title: 'OpenRLHF SFT',
    writes:
      'train.jsonl of {"input", "output"}: the system and user turns and the rest, read with --input_key input --output_key output --apply_chat_template (recorded in the manifest).',
  },
  'ms-swift': {
    title: 'ms-swift',
    writes:
      'train.jsonl of {"messages", "tools"} in ms-swift\'s agent format, with per-turn loss and loss_scale from the weighting transform of each turn\'s credit where credit exists.',
  },
  llamafactory: {
    title: 'LLaMA-Factory',
    writes:
      'train.jsonl of ShareGPT {"conversations", "system", "tools"} with function_call and observation turns (or, with preference pairs, its ranking format with "chosen" and "rejected"), plus a dataset_info.json registering it.',
  },
  'llamafactory-v1': {
    title: 'LLaMA-Factory v1',
    writes:
      'train.jsonl of {"messages", "tools"} with content [{"type", "value"}] items and a real-valued loss_weight per message: the weighting transform of each assistant turn\'s credit, 0 for inputs.',
  },
  axolotl: {
    title: 'Axolotl',
    writes:
      'train.jsonl of chat_template {"messages", "tools"} with a per-message train flag (assistant credit at least the threshold), plus axolotl.yaml with the dataset entry that reads it.',
  },
  'verl-sft': {
    title: 'verl multi-turn SFT',
    writes:
      'train.parquet of {"messages", "tools"} for verl\'s MultiTurnSFTDataset; tool-call arguments and tool parameters as JSON text, since Parquet null-fills mixed shapes.',
  },
  'verl-rl': {
    title: 'verl RL prompts',
    writes:
      'train.parquet with one prompt per task: data_source, prompt, ability, reward_model {style, ground_truth}, extra_info (with the segment credit) and agent_name.',
  },
  'trl-grpo': {
    title: 'TRL GRPO',
    writes:
      'train.jsonl with one prompt per task: {"prompt", "ground_truth", "task_id", "dataset_id", "tools"}; the extra columns reach your reward functions.',
  },
  tokens: {
    title: 'Per-token (Parquet)',
    writes:
      'tokens.parquet with one row per trajectory: input_ids, labels, loss_mask, weights and advantages from credit, and stored policy logprobs; ids are the stored ones where scored or imported, else from the tokenizer.json you choose.',
  },
};
