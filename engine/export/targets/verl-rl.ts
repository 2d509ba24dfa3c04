// verl-rl: the Parquet prompts verl's RL trainer reads (RLHFDataset; verl docs, "Prepare Data for
// Post-Training"): data_source, prompt (chat messages up to the first assistant turn), ability,
// reward_model {style, ground_truth}, extra_info, plus agent_name for the agent loop
// ("tool_agent" when the trajectory used tools, else "single_turn_agent").
// One row per task, not per rollout: GRPO-style training samples the group itself, and a task
// listed n times would be trained n times as often. The row comes from the task's first selected
// trajectory by id (task-prompts.ts); extra_info carries that trajectory's id and its per-segment
// credit (tw_credit, for the export's segmentation) so a custom reward or analysis can join back.
// extra_info holds no tools_kwargs: Turnwise does not know an environment's create kwargs, and
// a missing key is what verl's tool agent reads as "none". verl's tool agent takes the tool
// schemas from its tool config (one entry per tool: your tool class and its tool_schema), not
// from the rows, so tool_schemas.json beside the data lists every exported task's schemas in the
// form that config's tool_schema takes.
import { firstSchemaByName, schemasToEmbed, type ToolSchema } from '../chat-messages';
import type { ExportContext, ExportTargetModule } from './export-target';
import {
  abilityOf,
  extrasOf,
  groundTruthOf,
  groundTruthRule,
  loadTaskExtras,
  onePerTask,
} from './task-prompts';
import { promptSplit } from './record-parts';

const CREDIT = 'STRUCT(segment_index INTEGER, turn_start INTEGER, turn_end INTEGER, total DOUBLE)';
export const VERL_RL_COLUMNS = {
  data_source: 'VARCHAR',
  prompt: 'STRUCT(role VARCHAR, content VARCHAR)[]',
  ability: 'VARCHAR',
  reward_model: 'STRUCT(style VARCHAR, ground_truth VARCHAR)',
  extra_info: `STRUCT(split VARCHAR, "index" BIGINT, trajectory_id VARCHAR, task_id VARCHAR,
    reward DOUBLE, segmentation VARCHAR, credit ${CREDIT}[])`,
  agent_name: 'VARCHAR',
};

/** Each export's row index by trajectory id, fixed when it is planned (preview and export alike). */
const rowIndex = new WeakMap<ExportContext, Map<string, number>>();

/** Each export's tool schemas, gathered as its rows are built (one per name when written). */
const toolSchemas = new WeakMap<ExportContext, ToolSchema[]>();

export const VERL_RL: ExportTargetModule = {
  name: 'verl-rl',
  file: 'train.parquet',
  weightField: 'task_prompts',
  format: { kind: 'parquet', columns: VERL_RL_COLUMNS },
  plan: (selected, context) => {
    const plan = onePerTask(selected);
    rowIndex.set(context, new Map(plan.units.map((u, i) => [u.trajectory_ids[0] ?? '', i])));
    return plan;
  },
  enrich: (loaded, context) =>
    loadTaskExtras(context.workspace, loaded, context.selection.filter.segmentation),
  build: (trajectories, context) => {
    const found = promptSplit(trajectories);
    if ('skip' in found) return found;
    const { trajectory, prompt, rest } = found;
    const { metadata, credit } = extrasOf(trajectory);
    const usesTools =
      trajectory.tool_schemas.length > 0 ||
      rest.some((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0);
    const schemas = toolSchemas.get(context) ?? [];
    toolSchemas.set(context, schemas);
    schemas.push(...schemasToEmbed(trajectory, context.scan_secrets, context.redacted_at_export));
    return {
      record: {
        data_source: trajectory.dataset_id,
        prompt: prompt.map((m) => ({ role: m.role, content: m.content })),
        ability: abilityOf(metadata),
        reward_model: {
          style: 'rule',
          ground_truth: groundTruthOf(metadata, context.selection.ground_truth),
        },
        extra_info: {
          split: 'train',
          index: rowIndex.get(context)?.get(trajectory.trajectory_id) ?? 0,
          trajectory_id: trajectory.trajectory_id,
          task_id: trajectory.task_id,
          reward: trajectory.reward,
          segmentation: context.selection.filter.segmentation,
          credit,
        },
        agent_name: usesTools ? 'tool_agent' : 'single_turn_agent',
      },
    };
  },
  extraFiles: (context) => {
    const schemas = firstSchemaByName(toolSchemas.get(context) ?? []).sort((a, b) =>
      a.function.name < b.function.name ? -1 : a.function.name > b.function.name ? 1 : 0,
    );
    return [{ path: 'tool_schemas.json', content: `${JSON.stringify(schemas, null, 2)}\n` }];
  },
  trainerArgs: {
    'data.train_files': 'train.parquet',
    'data.prompt_key': 'prompt',
    'data.reward_fn_key': 'data_source',
  },
  notes: (creditParams, selection) => ({
    rows: 'one per task (the first selected trajectory by id); the other rollouts of a task are counted under skipped, since GRPO samples the group itself',
    data_source:
      'the dataset id: verl picks the reward function by data_source, so pass a custom_reward_function for it',
    ground_truth: groundTruthRule(selection.ground_truth),
    ability: 'trajectories.metadata ability or domain (tau-bench) when present, else "agent"',
    agent_name:
      '"tool_agent" when the trajectory has tool schemas or calls (configure actor_rollout_ref.rollout.multi_turn.tool_config_path), else "single_turn_agent"',
    tools_kwargs:
      'not written: Turnwise does not know the per-tool create kwargs of the environment; verl reads a missing key as none',
    tool_schemas:
      "tool_schemas.json: every exported task's tool schemas by name (OpenAI function form), each the tool_schema of one entry of the tool config at actor_rollout_ref.rollout.multi_turn.tool_config_path, beside the class_name of your tool implementation",
    credit:
      creditParams === null
        ? 'extra_info.credit lists the segments of the export segmentation with total null: no credit is stored for the selection'
        : 'extra_info.credit lists the segments of the export segmentation with their credit total (null where none is stored)',
  }),
};
