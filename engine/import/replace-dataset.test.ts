import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { tempDir, turnwiseRecord, writeJsonl } from '../testing/test-support';
import { runImport, type ImportOptions } from './run-import';
import { plantedSecrets } from '../testing/planted-secrets';

let dir = '';
let cleanup: () => void = () => undefined;
let workspace: Workspace;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
});
afterEach(() => {
  workspace.close();
  cleanup();
});

const noProgress = () => undefined;
const never = new AbortController().signal;
const [planted] = plantedSecrets();

function options(paths: string[], extra: Partial<ImportOptions> = {}): ImportOptions {
  return { paths, format: 'auto', onError: 'abort', ...extra };
}

/** Two rollouts whose tool outputs print a planted secret. */
function rolloutsFile(): string {
  return writeJsonl(
    path.join(dir, 'leaky.jsonl'),
    ['r1', 'r2'].map((id) => {
      const record = turnwiseRecord({ id }) as { messages: { role: string; content: string }[] };
      const tool = record.messages.find((message) => message.role === 'tool');
      if (tool) tool.content = `${tool.content}\n${planted?.text ?? ''}`;
      return record;
    }),
  );
}

async function rows(query: string): Promise<Record<string, unknown>[]> {
  return workspace.query(query);
}

describe('re-importing the same content with --keep-secrets', () => {
  it('replaces the redacted dataset under its id, keeping what users changed', async () => {
    const file = rolloutsFile();
    const first = await runImport(
      workspace,
      options([file], { dataset: 'leaky' }),
      noProgress,
      never,
    );
    expect(first.secrets_redacted).toBeGreaterThan(0);
    // What a user did since: a label, a regrouping, a new name.
    await workspace.run(
      `INSERT INTO tw_labels (label_id, trajectory_id, segment_index, role_label, source, created_at)
       VALUES ('l1', 'leaky:r1', 0, 'regression', 'human', now())`,
    );
    await workspace.run(
      `UPDATE tw_trajectories SET group_id = 'mine' WHERE trajectory_id = 'leaky:r2'`,
    );
    await workspace.run(`UPDATE tw_datasets SET name = 'renamed' WHERE dataset_id = 'leaky'`);

    const again = await runImport(
      workspace,
      options([file], { dataset: 'other-name', keepSecrets: true }),
      noProgress,
      never,
    );
    expect(again.datasets).toEqual([expect.objectContaining({ dataset: 'leaky', replaced: true })]);
    expect(await rows('SELECT dataset_id, name, secrets FROM tw_datasets')).toEqual([
      { dataset_id: 'leaky', name: 'renamed', secrets: 'kept' },
    ]);
    const texts = await rows(`SELECT string_agg(content, '') AS text FROM tw_turns`);
    expect(String(texts[0]?.text)).toContain(planted?.secret);
    expect(await rows('SELECT count(*)::INTEGER AS n FROM tw_redactions')).toEqual([{ n: 0 }]);
    expect(await rows('SELECT count(*)::INTEGER AS n FROM tw_turns')).toEqual([{ n: 14 }]);
    expect(await rows(`SELECT trajectory_id FROM tw_labels`)).toEqual([
      { trajectory_id: 'leaky:r1' },
    ]);
    expect(
      await rows(`SELECT group_id FROM tw_trajectories WHERE trajectory_id = 'leaky:r2'`),
    ).toEqual([{ group_id: 'mine' }]);
  });

  it('is still a duplicate without --keep-secrets, or when the secrets were kept already', async () => {
    const file = rolloutsFile();
    await runImport(workspace, options([file], { keepSecrets: true }), noProgress, never);
    for (const keepSecrets of [false, true]) {
      await expect(
        runImport(workspace, options([file], { keepSecrets }), noProgress, never),
      ).rejects.toMatchObject({ code: 'duplicate' });
    }
    expect(await rows('SELECT count(*)::INTEGER AS n FROM tw_datasets')).toEqual([{ n: 1 }]);
  });
});
