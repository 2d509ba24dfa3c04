// `turnwise judge prompts` and `turnwise judge use` through the real command: the versions with
// the one in use marked, the --json contract, keep and roll back, and bad input refused (exit 2).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../engine/engine';
import { turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson, turnwise } from './cli-test-support';

const { dir, db } = cliWorkspace();

const json = async (...args: string[]) => onlyJson(await turnwise(...args, '--json'));

beforeAll(async () => {
  const file = writeJsonl(path.join(dir, 'a.jsonl'), [turnwiseRecord({ id: 'a' })]);
  expect((await turnwise('import', file, '--db', db)).code).toBe(0);
  // A second version, written the way the app writes it (its SQL console is read-only).
  const engine = await openEngine({ dbPath: db });
  try {
    const created = await engine.dispatch('createJudgePrompt', {
      parent_version: 'triage-judge/1',
      text: 'Be strict.',
    });
    expect(created).toMatchObject({ ok: true });
  } finally {
    await engine.close();
  }
}, 120_000);

describe('turnwise judge prompts / use', () => {
  it('lists the versions with the built-in default in use', async () => {
    const out = await json('judge', '--db', db, 'prompts');
    expect(out.active).toEqual({
      version_id: 'triage-judge/1',
      set_at: null,
      previous_version: null,
    });
    expect(out.prompts.map((p: { version_id: string }) => p.version_id)).toEqual([
      'triage-judge/1',
      'triage-judge/2',
    ]);
    expect(out.prompts[1]).toMatchObject({
      parent_version: 'triage-judge/1',
      text: 'Be strict.',
      active: false,
    });
    expect(out.prompts[0].active).toBe(true);

    const text = await turnwise('judge', 'prompts', '--db', db);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^\*\s+triage-judge\/1\s/m);
    expect(text.stdout).toMatch(/^\s+triage-judge\/2\s+triage-judge\/1\s/m);
    expect(text.stdout).toContain('In use: triage-judge/1 (the built-in default)');
  });

  it('puts a version in use, and rolls back to the previous one', async () => {
    const kept = await json('judge', '--db', db, 'use', '--version', 'triage-judge/2');
    expect(kept).toMatchObject({
      version_id: 'triage-judge/2',
      previous_version: 'triage-judge/1',
    });
    expect((await json('judge', '--db', db, 'prompts')).active.version_id).toBe('triage-judge/2');
    const listed = await turnwise('judge', '--db', db, 'prompts');
    expect(listed.stdout).toMatch(/^\*\s+triage-judge\/2\s/m);

    const back = await turnwise('judge', '--db', db, 'use', '--version', 'triage-judge/1');
    expect(back.code).toBe(0);
    expect(back.stdout.trim()).toBe('In use: triage-judge/1 (was triage-judge/2)');
    expect((await json('judge', '--db', db, 'prompts')).active.version_id).toBe('triage-judge/1');
  });

  it('refuses unknown versions, missing options and unknown subcommands with exit 2', async () => {
    const unknown = await turnwise('judge', '--db', db, 'use', '--version', 'nope/1');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no judge prompt version 'nope/1'");
    expect((await json('judge', '--db', db, 'prompts')).active.version_id).toBe('triage-judge/1');

    const missing = await turnwise('judge', '--db', db, 'use');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--version ID is required');
    const sub = await turnwise('judge', '--db', db, 'frobnicate');
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain("unknown judge subcommand 'frobnicate'");
    expect((await turnwise('judge', '--db', db)).code).toBe(2);
    expect((await turnwise('judge', 'prompts')).stderr).toContain('--db FILE is required');
  });
});
