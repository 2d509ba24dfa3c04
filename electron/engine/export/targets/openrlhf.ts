// openrlhf: the JSONL OpenRLHF's SFT trainer reads with `--input_key input --output_key output
// --apply_chat_template`: {"input": [...prompt messages], "output": [...the rest]}. With both keys
// and a chat template, OpenRLHF renders `input` with the generation prompt as the prompt and
// `input + output` as the full text, training on the difference (datasets/sft_dataset.py,
// preprocess_data). Its chat template is applied without tool schemas, so none are written.
import { splitPrompt } from '../chat-messages';
import type { ExportTargetModule } from './export-target';
import { onePerTrajectory } from './export-target';

export const OPENRLHF: ExportTargetModule = {
  name: 'openrlhf',
  file: 'train.jsonl',
  plan: onePerTrajectory,
  build: ([trajectory]) => {
    if (trajectory === undefined) return { skip: 'trajectory not found' };
    const { prompt, rest } = splitPrompt(trajectory.messages);
    if (rest.length === 0) return { skip: 'no assistant turn' };
    if (prompt.length === 0) return { skip: 'no prompt before the first assistant turn' };
    return { record: { input: prompt, output: rest } };
  },
  trainerArgs: {
    dataset: 'train.jsonl',
    input_key: 'input',
    output_key: 'output',
    apply_chat_template: true,
  },
};
