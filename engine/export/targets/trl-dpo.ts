// trl-dpo: TRL's preference format, conversational: {"prompt": [...], "chosen": [...],
// "rejected": [...], "tools": [...]}. Trajectory-level pairs (a success and a failure of one task):
// the prompt is the shared system/user prefix, chosen and rejected the rest of each trajectory.
// Step-level pairs (turn-tree branch points): the prompt is the shared history up to the branch,
// chosen and rejected the one assistant turn each took there. A pair whose two sides are the same
// messages (rollouts that differed only in what the messages leave out, such as tool-call ids)
// carries no preference and is skipped; `tools` is left out when neither side has schemas.
import { canonicalJson } from '../../text/canonical-json';
import {
  mergedToolSchemas,
  splitPrompt,
  type LoadedTrajectory,
  type ToolSchema,
} from '../chat-messages';
import { preferencePlan, stepChoice } from '../pairs';
import type { BuiltRecord, ExportTargetModule } from './export-target';

type Message = LoadedTrajectory['messages'][number];

export const IDENTICAL_SIDES = 'pair skipped: chosen and rejected are the same messages';

function pairRecord(
  prompt: Message[],
  chosen: Message[],
  rejected: Message[],
  tools: ToolSchema[],
): BuiltRecord {
  if (canonicalJson(chosen) === canonicalJson(rejected)) return { skip: IDENTICAL_SIDES };
  return {
    record: tools.length > 0 ? { prompt, chosen, rejected, tools } : { prompt, chosen, rejected },
  };
}

export const TRL_DPO: ExportTargetModule = {
  name: 'trl-dpo',
  file: 'train.jsonl',
  plan: preferencePlan,
  build: ([chosen, rejected], _context, unit) => {
    if (chosen === undefined || rejected === undefined) return { skip: 'trajectory not found' };
    const tools = mergedToolSchemas([chosen, rejected]);
    if (unit?.step !== undefined) {
      const step = stepChoice(chosen, rejected, unit.step.turn_index);
      if ('skip' in step) return step;
      return pairRecord(step.prompt, [step.chosen], [step.rejected], tools);
    }
    const win = splitPrompt(chosen.messages);
    const loss = splitPrompt(rejected.messages);
    if (canonicalJson(win.prompt) !== canonicalJson(loss.prompt)) {
      return { skip: 'pair skipped: the two prompts differ' };
    }
    if (win.rest.length === 0 || loss.rest.length === 0) {
      return { skip: 'pair skipped: no assistant turn' };
    }
    return pairRecord(win.prompt, win.rest, loss.rest, tools);
  },
  notes: () => ({
    pairs:
      'trajectory pairs: per task, successes and failures each ordered by reward then id and zipped; step pairs: at each turn-tree branch point, the highest-value assistant turn against each sibling at least min_gap lower, represented by the first selected rollout through each',
  }),
};
