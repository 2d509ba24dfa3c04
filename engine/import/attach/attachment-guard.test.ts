// A workspace file from elsewhere may hold any SQL in an attachment spec: it is checked before it
// becomes a view or a query, and a hostile one stops the workspace from opening, with the reason.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../engine';
import { Workspace } from '../../store/workspace';
import { tempDir } from '../../testing/test-support';
import { buildAttachSpec } from './attach-spec';
import { guardAttachment } from './attachment-guard';
import { parseAttachment, type Attachment } from './attached-views';

let dir: string;
let cleanup: () => void;
let workspace: Workspace;

const COLUMNS = new Map([
  ['messages', 'VARCHAR'],
  ['reward', 'DOUBLE'],
  ['instance_id', 'VARCHAR'],
]);

function attachment(spec: Attachment['spec']): Attachment {
  return { datasetId: 'att', viewKey: 'abc123', files: [path.join(dir, 'x.parquet')], spec };
}

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  workspace = await Workspace.open(path.join(dir, 'ws.duckdb'));
});
afterAll(() => {
  workspace.close();
  cleanup();
});

describe('attachment specs read back from a workspace', () => {
  const good = () => buildAttachSpec(COLUMNS, {}, 'x.parquet');

  it('lets the specs Turnwise writes through, each in the form the probe checked', async () => {
    const checked = await guardAttachment(workspace, attachment(good()));
    expect(checked.spec.format).toBe(good().format);
    expect(checked.spec.reward).toBe(`(\n${good().reward}\n)`);
  });

  it.each([
    ['a comment after a dollar-quoted quote', "$$'$$ -- ) AS value FROM x"],
    ['a comment after an E-string escape', "E'\\'' -- '"],
    ['a second statement after a tagged dollar quote', "$q$'$q$; SELECT 1"],
  ])('refuses %s, which a quote-blind look would miss', async (_what, expression) => {
    const spec = { ...good(), source_id: expression };
    await expect(guardAttachment(workspace, attachment(spec))).rejects.toThrow(
      /spec\.source_id\) refused: (comments are not allowed|it contains ";")/,
    );
  });

  it.each([
    ['messages', "(SELECT content FROM read_text('/etc/passwd'))"],
    ['reward', "(SELECT count(*) FROM glob('/*'))"],
    ['task_id', '(SELECT max(role_label) FROM tw_labels)'],
    ['metadata', "getenv('HOME')"],
    ['tools', 'NULL) AS value, (1'],
  ])('refuses spec.%s = %s', async (field, expression) => {
    const spec = { ...good(), [field]: expression };
    await expect(guardAttachment(workspace, attachment(spec))).rejects.toThrow(
      new RegExp(`^the stored attachment of dataset 'att' \\(spec\\.${field}\\) refused: `),
    );
  });

  it('refuses a view key that is not the hex key Turnwise writes', () => {
    const row = {
      dataset_id: 'att',
      view_key: 'x_turns AS SELECT 1; --',
      files: '[]',
      spec: JSON.stringify(good()),
    };
    expect(() => parseAttachment(row)).toThrow(/is malformed \(tw_attachments\)/);
  });

  it('stops a workspace with a hostile attachment from opening, naming the field', async () => {
    const db = path.join(dir, 'hostile.duckdb');
    const hostile = await Workspace.open(db);
    const spec = { ...good(), reward: "(SELECT content FROM read_text('/etc/passwd'))" };
    await hostile.run(`INSERT INTO tw_attachments VALUES ('att', 'abc123', '[]', $1)`, [
      JSON.stringify(spec),
    ]);
    hostile.close();
    await expect(openEngine({ dbPath: db })).rejects.toThrow(
      /stored attachment of dataset 'att' \(spec\.reward\) refused: read_text\(\) reads files/,
    );
  });
});
