// The export targets by name.
import type { ExportTarget } from '../../../../shared/api-export';
import type { ExportTargetModule } from './export-target';
import { LLAMAFACTORY } from './llamafactory';
import { MS_SWIFT } from './ms-swift';
import { OPENRLHF } from './openrlhf';
import { TRL_DPO } from './trl-dpo';
import { TRL_KTO } from './trl-kto';
import { TRL_SFT } from './trl-sft';

export const EXPORT_TARGET_MODULES: Record<ExportTarget, ExportTargetModule> = {
  'trl-sft': TRL_SFT,
  'trl-kto': TRL_KTO,
  'trl-dpo': TRL_DPO,
  openrlhf: OPENRLHF,
  'ms-swift': MS_SWIFT,
  llamafactory: LLAMAFACTORY,
};
