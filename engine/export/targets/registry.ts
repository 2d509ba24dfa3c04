// The export targets by name.
import type { ExportTarget } from '../../../shared/api-export';
import type { ExportTargetModule } from './export-target';
import { AXOLOTL } from './axolotl';
import { LLAMAFACTORY } from './llamafactory';
import { LLAMAFACTORY_V1 } from './llamafactory-v1';
import { MS_SWIFT } from './ms-swift';
import { OPENRLHF } from './openrlhf';
import { TRL_DPO } from './trl-dpo';
import { TRL_KTO } from './trl-kto';
import { TRL_GRPO } from './trl-grpo';
import { TRL_SFT } from './trl-sft';
import { TOKENS } from './tokens';
import { VERL_RL } from './verl-rl';
import { VERL_SFT } from './verl-sft';

export const EXPORT_TARGET_MODULES: Record<ExportTarget, ExportTargetModule> = {
  'trl-sft': TRL_SFT,
  'trl-kto': TRL_KTO,
  'trl-dpo': TRL_DPO,
  openrlhf: OPENRLHF,
  'ms-swift': MS_SWIFT,
  llamafactory: LLAMAFACTORY,
  'llamafactory-v1': LLAMAFACTORY_V1,
  axolotl: AXOLOTL,
  'verl-sft': VERL_SFT,
  'verl-rl': VERL_RL,
  'trl-grpo': TRL_GRPO,
  tokens: TOKENS,
};
