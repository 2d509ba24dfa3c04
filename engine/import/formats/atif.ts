// ATIF (Agent Trajectory Interchange Format; Harbor / Terminal-Bench) v1.x JSON. One trajectory
// per document, plus one per embedded subagent trajectory (v1.7) or per {parent, child} pair part.
import path from 'node:path';
import {
  RecordError,
  type CanonicalTrajectory,
  type FormatOptions,
  type FormatReader,
  type ReadContext,
  type ReadItem,
  recordErrorReason,
} from '../../chat/canonical';
import { withoutCompression } from '../decompress';
import { parseJson, readTextFile } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import { stepsToTurns } from './atif-steps';
import { formatInfo } from '../format-infos';

function atPath(record: Record<string, unknown>, dotted: string): unknown {
  let value: unknown = record;
  for (const key of dotted.split('.')) value = isRecord(value) ? value[key] : undefined;
  return value;
}

function firstDefined(record: Record<string, unknown>, paths: string[]): [string, unknown] | null {
  for (const dotted of paths) {
    const value = atPath(record, dotted);
    if (value !== undefined && value !== null) return [dotted, value];
  }
  return null;
}

function idOf(value: unknown, field: string): string {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new RecordError(`${field}: expected a string or a number`);
}

/** ATIF carries no outcome of its own: only an explicit reward in extra / final_metrics counts. */
function outcome(doc: Record<string, unknown>, options: FormatOptions) {
  const rewardAt = firstDefined(
    doc,
    options.reward_field
      ? [options.reward_field]
      : ['final_metrics.reward', 'final_metrics.extra.reward', 'extra.reward'],
  );
  let reward: number | null = null;
  if (rewardAt) {
    const [field, value] = rewardAt;
    if (typeof value === 'boolean') reward = value ? 1 : 0;
    else if (typeof value === 'number' && Number.isFinite(value)) reward = value;
    else throw new RecordError(`${field}: expected a number`);
  }
  const successAt = firstDefined(
    doc,
    options.success_field ? [options.success_field] : ['extra.success', 'extra.resolved'],
  );
  let success: boolean | null = null;
  if (successAt) {
    const [field, value] = successAt;
    if (typeof value === 'boolean') success = value;
    else if (value === 0 || value === 1) success = value === 1;
    else throw new RecordError(`${field}: expected a boolean`);
  }
  return { reward, success };
}

interface Node {
  doc: unknown;
  where: string;
  fallbackId: string;
  parentId: string | null;
}

function trajectoryId(doc: unknown, fallbackId: string): string {
  if (!isRecord(doc)) return fallbackId;
  const id = doc.trajectory_id ?? doc.session_id;
  return typeof id === 'string' && id !== '' ? id : fallbackId;
}

function convert(node: Node, children: string[], options: FormatOptions): CanonicalTrajectory {
  const { doc } = node;
  if (!isRecord(doc)) throw new RecordError('expected an ATIF trajectory object');
  // A field named by an option must exist, so a typo is not read as "unknown".
  const named = [
    options.task_field,
    options.group_field,
    options.reward_field,
    options.success_field,
  ];
  for (const field of named) {
    if (field !== undefined && atPath(doc, field) == null) {
      throw new RecordError(`${field}: missing (named by an import option)`);
    }
  }
  const turns = stepsToTurns(doc.steps, 'steps');
  const agent = isRecord(doc.agent) ? doc.agent : {};
  const firstAgentModel = turns.find((t) => typeof t.metadata?.model_name === 'string')?.metadata
    ?.model_name;
  const model = typeof agent.model_name === 'string' ? agent.model_name : firstAgentModel;
  const taskAt = firstDefined(
    doc,
    options.task_field
      ? [options.task_field]
      : ['extra.task_id', 'extra.task_name', 'extra.instance_id'],
  );
  const taskId = taskAt ? idOf(taskAt[1], taskAt[0]) : null;
  const groupId = options.group_field
    ? idOf(atPath(doc, options.group_field), options.group_field)
    : taskId;
  const { tool_definitions: tools, ...agentRest } = agent;
  const metadata: Record<string, unknown> = { agent: agentRest };
  for (const key of [
    'schema_version',
    'session_id',
    'trajectory_id',
    'final_metrics',
    'notes',
    'continued_trajectory_ref',
    'extra',
  ]) {
    if (doc[key] !== undefined && doc[key] !== null) metadata[key] = doc[key];
  }
  if (node.parentId !== null) metadata.parent_trajectory_id = node.parentId;
  if (children.length > 0) metadata.child_trajectory_ids = children;
  return {
    source_id: trajectoryId(doc, node.fallbackId),
    task_id: taskId,
    group_id: groupId,
    sample_index: null,
    model: typeof model === 'string' ? model : null,
    ...outcome(doc, options),
    metadata: metadata as Record<string, unknown>,
    tools: Array.isArray(tools) ? tools : null,
    turns,
  };
}

/** Flattens a document into parent-before-child nodes (pair files and embedded subagents). */
function nodesOf(doc: unknown, stem: string): Node[] {
  const nodes: Node[] = [];
  const visit = (value: unknown, where: string, fallbackId: string, parentId: string | null) => {
    nodes.push({ doc: value, where, fallbackId, parentId });
    if (!isRecord(value) || !Array.isArray(value.subagent_trajectories)) return;
    const id = trajectoryId(value, fallbackId);
    value.subagent_trajectories.forEach((child, i) =>
      visit(child, `${where}subagent_trajectories[${i}]: `, `${id}/subagent-${i}`, id),
    );
  };
  if (isRecord(doc) && isRecord(doc.parent) && doc.steps === undefined) {
    visit(doc.parent, 'parent: ', `${stem}-parent`, null);
    const parentId = trajectoryId(doc.parent, `${stem}-parent`);
    const kids = Array.isArray(doc.children) ? doc.children : doc.child ? [doc.child] : [];
    kids.forEach((child, i) =>
      visit(
        child,
        kids.length > 1 ? `children[${i}]: ` : 'child: ',
        `${stem}-child-${i}`,
        parentId,
      ),
    );
  } else {
    visit(doc, '', stem, null);
  }
  return nodes;
}

async function* readAtif(file: string, context: ReadContext): AsyncIterable<ReadItem> {
  const text = await readTextFile(file, context);
  if (context.signal.aborted) return;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    yield { kind: 'error', line: parsed.line, reason: parsed.reason };
    return;
  }
  const stem = path.basename(withoutCompression(file)).replace(/\.json$/i, '');
  const nodes = nodesOf(parsed.value, stem);
  for (const node of nodes) {
    const id = trajectoryId(node.doc, node.fallbackId);
    const children = nodes
      .filter((other) => other.parentId === id && other !== node)
      .map((other) => trajectoryId(other.doc, other.fallbackId));
    try {
      yield { kind: 'trajectory', line: 1, trajectory: convert(node, children, context.options) };
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line: 1, reason: `${node.where}${reason}` };
    }
  }
}

export const atifFormat: FormatReader = {
  ...formatInfo('atif'),
  detect({ path: file, head }) {
    if (!/\.json$/i.test(withoutCompression(file)) || !/^\s*\{/.test(head)) return 0;
    if (/"schema_version"\s*:\s*"ATIF-v\d/.test(head)) return 0.95;
    // Versionless documents with ATIF's own step keys.
    const keys = ['"steps"', '"step_id"', '"source"', '"session_id"'];
    return keys.every((key) => head.includes(key)) && /"function_name"|"agent"/.test(head)
      ? 0.7
      : 0;
  },
  read: readAtif,
};
