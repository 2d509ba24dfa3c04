// Identity scoped by source file, on real files: two Inspect logs both number their sample "1",
// two NeMo Gym files both hold "0:rollout0". Imported together, each keeps its own trajectories
// and groups, ids are the same on every import, and the group check finds nothing mixed.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGroups } from '../groups/group-check';
import { regroupDataset } from '../groups/regroup';
import { Workspace } from '../store/workspace';
import { samplePath, tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { runImport } from './run-import';

const inspectLogs = [
  samplePath('inspect-ai', 'log_formats.json'),
  samplePath('inspect-ai', '2025-05-12T20-27-36-04-00_browser.json'),
];
const nemoFiles = [
  samplePath('nemo-gym', 'example_single_tool_call.example_rollouts.jsonl'),
  samplePath('nemo-gym', 'example_mcp_weather.example_rollouts.jsonl'),
];

let dir: string;
let cleanup: () => void;
const open: Workspace[] = [];

async function workspaceWith(name: string, imports: [string, string[]][]): Promise<Workspace> {
  const workspace = await Workspace.open(path.join(dir, `${name}.duckdb`));
  open.push(workspace);
  for (const [dataset, paths] of imports) {
    await runImport(
      workspace,
      { paths, format: 'auto', dataset, onError: 'abort' },
      () => undefined,
      new AbortController().signal,
    );
  }
  return workspace;
}

const ids = (workspace: Workspace, dataset: string) =>
  workspace.query(
    'SELECT trajectory_id, group_id FROM trajectories WHERE dataset_id = $1 ORDER BY 1',
    [dataset],
  );

beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => {
  for (const workspace of open) workspace.close();
  cleanup();
});

describe('identity scoped by source file', () => {
  it('keeps two Inspect logs apart and their groups unmixed', async () => {
    const workspace = await workspaceWith('inspect', [['evals', inspectLogs]]);
    expect(await ids(workspace, 'evals')).toEqual([
      {
        trajectory_id: 'evals:2025-05-12T20-27-36-04-00_browser.json:1:epoch1',
        group_id: '2025-05-12T20-27-36-04-00_browser.json:1',
      },
      { trajectory_id: 'evals:log_formats.json:1:epoch1', group_id: 'log_formats.json:1' },
    ]);
    expect(await checkGroups(workspace, 'evals')).toEqual({
      groups: 2,
      mixed_prompt_groups: 0,
      examples: [],
    });
  });

  it('imports two NeMo Gym files into one dataset without colliding, with stable ids', async () => {
    const first = await workspaceWith('nemo-a', [['gym', nemoFiles]]);
    const again = await workspaceWith('nemo-b', [['gym', nemoFiles]]);
    const rows = await ids(first, 'gym');
    expect(rows).toHaveLength(10);
    expect(await ids(again, 'gym')).toEqual(rows);
    expect(new Set(rows.map((row) => row.group_id)).size).toBeGreaterThanOrEqual(2);
    expect((await checkGroups(first, 'gym')).mixed_prompt_groups).toBe(0);
  });

  it('keeps the ids of a lone file as the format gives them', async () => {
    const workspace = await workspaceWith('lone', [['one', [inspectLogs[0] as string]]]);
    expect(await ids(workspace, 'one')).toEqual([{ trajectory_id: 'one:1:epoch1', group_id: '1' }]);
  });
});

describe('the group check', () => {
  it('flags a group whose rollouts have different prompts, and regrouping fixes it', async () => {
    const records = ['fix the parser', 'write the docs'].map((task, i) => ({
      ...turnwiseRecord({ id: `r${i}`, task }),
      group_id: 'g',
    }));
    const file = writeJsonl(path.join(dir, 'mixed.jsonl'), records);
    const workspace = await workspaceWith('mixed', [['mixed', [file]]]);
    expect(await checkGroups(workspace, 'mixed')).toEqual({
      groups: 1,
      mixed_prompt_groups: 1,
      examples: [{ group_id: 'g', trajectories: 2, prompts: 2 }],
    });
    await regroupDataset(workspace, 'mixed', 'task_id');
    expect((await checkGroups(workspace, 'mixed')).mixed_prompt_groups).toBe(0);
  });
});
