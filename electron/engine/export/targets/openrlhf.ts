// openrlhf: the JSONL OpenRLHF's SFT trainer reads with `--input_key input --output_key output
// --apply_chat_template`: {"input": [...prompt messages], "output": [...the rest]}. With both keys
// and a chat template, OpenRLHF renders `input` with the generation prompt as the prompt and
// `input + output` as the full text, training on the difference (datasets/sft_dataset.py,
// preprocess_data). Its chat template is applied without tool schemas, so none are written.
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';
import { promptSplit } from './record-parts';

export const OPENRLHF: ExportTargetModule = {
  name: 'openrlhf',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  build: (trajectories) => {
    const found = promptSplit(trajectories);
    if ('skip' in found) return found;
    const { prompt, rest } = found;
    return { record: { input: prompt, output: rest } };
  },
  trainerArgs: {
    dataset: 'train.jsonl',
    input_key: 'input',
    output_key: 'output',
    apply_chat_template: true,
  },
};
