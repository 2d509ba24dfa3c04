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
      'train.jsonl of {"prompt", "completion", "label"}: the system and user turns, the rest, and whether the trajectory succeeded.',
  },
  'trl-dpo': {
    title: 'TRL DPO',
    writes:
      'train.jsonl of {"prompt", "chosen", "rejected", "tools"}: a successful and a failed trajectory of the same task, paired.',
  },
  openrlhf: {
    title: 'OpenRLHF SFT',
    writes:
      'train.jsonl of {"input", "output"}: the system and user turns and the rest, read with --input_key input --output_key output --apply_chat_template (recorded in the manifest).',
  },
  'ms-swift': {
    title: 'ms-swift',
    writes:
      'train.jsonl of {"messages", "tools"} in ms-swift\'s agent format, with per-turn loss and loss_scale = min(2, max(0, 1 + credit total)) where credit was computed.',
  },
  llamafactory: {
    title: 'LLaMA-Factory',
    writes:
      'train.jsonl of ShareGPT {"conversations", "system", "tools"} with function_call and observation turns, plus a dataset_info.json registering it.',
  },
};
