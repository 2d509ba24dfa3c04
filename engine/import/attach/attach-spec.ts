// How an attached Parquet dataset maps onto the canonical columns: SQL expressions over the files'
// own columns, chosen once at attach time from their schema and the user's field options. The
// field names and their order of preference are the openai-chat / turnwise readers' own.
import type { FormatOptions } from '../../../shared/model';
import { TurnwiseError } from '../../../shared/result';
import { MESSAGE_SCHEMA } from '../../store/attached-macros';

/** Stored in tw_attachments.spec; every value is an SQL expression over one Parquet row. */
export interface AttachSpec {
  format: 'turnwise' | 'openai-chat';
  messages: string;
  source_id: string;
  task_id: string;
  group_id: string;
  sample_index: string;
  model: string;
  reward: string;
  success: string;
  metadata: string;
  tools: string;
}

const MESSAGE_COLUMNS = ['messages', 'conversation', 'trajectory', 'chat'];
const REWARD_FIELDS = ['reward', 'score'];
const SUCCESS_FIELDS = ['success', 'resolved', 'target'];
const TASK_FIELDS = ['instance_id', 'task_id', 'problem_id', 'question_id', 'example_id'];
const SOURCE_ID_FIELDS = ['trajectory_id', 'id', 'uuid'];
const MODEL_FIELDS = ['model', 'model_name'];
const TURNWISE_KEYS = ['trajectory_id', 'group_id', 'sample_index'];

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function isText(type: string): boolean {
  return type === 'VARCHAR' || type === 'JSON';
}

/**
 * A user's dot path ("info.score") as SQL: struct fields for struct columns, a JSON path inside
 * text columns. The first part must be a column, so a typo fails at attach time.
 */
function fieldPath(columns: Map<string, string>, dotPath: string, option: string): string {
  const [head = '', ...rest] = dotPath.split('.');
  const type = columns.get(head);
  if (type === undefined) {
    throw new TurnwiseError(
      'invalid_input',
      `${option} '${dotPath}': the files have no column '${head}' ` +
        `(columns: ${[...columns.keys()].join(', ')})`,
    );
  }
  if (rest.length === 0) return `to_json(${quoteIdent(head)})`;
  if (isText(type)) {
    const jsonPath = `$.${rest.map((part) => `"${part.replaceAll('"', '')}"`).join('.')}`;
    return `json_extract(TRY_CAST(${quoteIdent(head)} AS JSON), ${quoteText(jsonPath)})`;
  }
  return `to_json(${[head, ...rest].map(quoteIdent).join('.')})`;
}

/** The first present column of the list, as JSON (coalesced over the present ones). */
function firstOf(columns: Map<string, string>, names: string[]): string | null {
  const present = names.filter((name) => columns.has(name));
  if (present.length === 0) return null;
  const values = present.map((name) => `nullif(to_json(${quoteIdent(name)}), 'null'::JSON)`);
  return values.length === 1 ? (values[0] as string) : `coalesce(${values.join(', ')})`;
}

function jsonColumn(columns: Map<string, string>, name: string): string {
  const type = columns.get(name);
  if (type === undefined) return 'NULL::JSON';
  return isText(type) ? `TRY_CAST(${quoteIdent(name)} AS JSON)` : `to_json(${quoteIdent(name)})`;
}

export function buildAttachSpec(
  columns: Map<string, string>,
  options: FormatOptions,
  file: string,
): AttachSpec {
  const messagesColumn = MESSAGE_COLUMNS.find((name) => columns.has(name));
  if (messagesColumn === undefined) {
    throw new TurnwiseError(
      'invalid_input',
      `${file}: attaching needs a message-list column (${MESSAGE_COLUMNS.join(', ')}); ` +
        `the files have ${[...columns.keys()].join(', ')}. Import other formats instead.`,
    );
  }
  const messagesType = columns.get(messagesColumn) as string;
  const messagesJson = isText(messagesType)
    ? `TRY_CAST(${quoteIdent(messagesColumn)} AS JSON)`
    : `to_json(${quoteIdent(messagesColumn)})`;
  const rewardJson = options.reward_field
    ? fieldPath(columns, options.reward_field, 'reward_field')
    : firstOf(columns, REWARD_FIELDS);
  const successJson = options.success_field
    ? fieldPath(columns, options.success_field, 'success_field')
    : firstOf(columns, SUCCESS_FIELDS);
  const task = options.task_field
    ? `tw_id(${fieldPath(columns, options.task_field, 'task_field')})`
    : `tw_id(${firstOf(columns, TASK_FIELDS) ?? 'NULL::JSON'})`;
  const group = options.group_field
    ? `tw_id(${fieldPath(columns, options.group_field, 'group_field')})`
    : `coalesce(tw_id(${firstOf(columns, ['group_id']) ?? 'NULL::JSON'}), ${task})`;
  // A boolean reward also gives success; a known success with no reward gives reward 1/0.
  const success = successJson
    ? `tw_success(${successJson})`
    : rewardJson
      ? `CASE WHEN json_type(${rewardJson}) = 'BOOLEAN' THEN ${rewardJson}::BOOLEAN END`
      : 'NULL::BOOLEAN';
  const reward = `coalesce(${rewardJson ? `tw_reward(${rewardJson})` : 'NULL::DOUBLE'},
    CASE ${success} WHEN true THEN 1.0 WHEN false THEN 0.0 END)`;
  const sampleType = columns.get('sample_index') ?? '';
  return {
    format: TURNWISE_KEYS.some((key) => columns.has(key)) ? 'turnwise' : 'openai-chat',
    messages: `from_json(${messagesJson}, ${quoteText(MESSAGE_SCHEMA)})`,
    source_id: `tw_id(${firstOf(columns, SOURCE_ID_FIELDS) ?? 'NULL::JSON'})`,
    task_id: task,
    group_id: group,
    sample_index: /INT/.test(sampleType) ? `TRY_CAST("sample_index" AS INTEGER)` : 'NULL::INTEGER',
    model: `tw_id(${firstOf(columns, MODEL_FIELDS) ?? 'NULL::JSON'})`,
    reward,
    success,
    metadata: jsonColumn(columns, 'metadata'),
    tools: jsonColumn(columns, 'tools'),
  };
}
