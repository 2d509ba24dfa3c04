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
};
