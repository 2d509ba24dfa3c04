// trl-kto: TRL's unpaired preference format, conversational: {"prompt": [...], "completion":
// [...], "label": bool}. The prompt is the system/user turns before the first assistant turn, the
// completion the rest of the trajectory; the label is the trajectory's success.
import { splitPrompt } from '../chat-messages';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';

export const TRL_KTO: ExportTargetModule = {
  name: 'trl-kto',
  file: 'train.jsonl',
  plan: (selected) => {
    const known = selected.filter((t) => t.success !== null);
    const plan = onePerTrajectory(known);
    plan.skipped = selected.filter((t) => t.success === null).map(() => 'outcome unknown');
    return plan;
  },
  build: ([trajectory]) => {
    if (trajectory === undefined) return { skip: 'trajectory not found' };
    const { prompt, rest } = splitPrompt(trajectory.messages);
    if (rest.length === 0) return { skip: 'no assistant turn' };
    if (prompt.length === 0) return { skip: 'no prompt before the first assistant turn' };
    return {
      record: {
        prompt,
        completion: rest,
        label: trajectory.success === true,
      },
    };
  },
};
