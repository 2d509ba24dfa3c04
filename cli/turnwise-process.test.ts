// The built `turnwise` command as a user runs it, a process of its own: the few checks that only
// a process shows. The other CLI tests run the same main() in their own process
// (cli-test-support.ts); output-pipe.test.ts, one import test and the hostile serve test also
// start a process, for what they check.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { turnwiseRecord, writeJsonl } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson } from './cli-test-support';
import { overallHelp } from './help';
import { COMMANDS } from './main';
import { turnwiseProcess } from './turnwise-process-test-support';

const { dir, db } = cliWorkspace();

/** One call DuckDB does not interrupt inside (engine/unstoppable-query.test.ts): ~40 s of RE2. */
const UNSTOPPABLE = `SELECT regexp_matches(repeat('a', 100000), repeat('a?', 20000) || repeat('a', 20000) || 'c')`;

describe('the turnwise process', { timeout: 60_000 }, () => {
  it('prints the usage and exits 2 without a command, and 0 for --help', async () => {
    const usage = `${overallHelp(COMMANDS)}\n`;
    expect(await turnwiseProcess([])).toEqual({ code: 2, signal: null, stdout: usage, stderr: '' });
    expect(await turnwiseProcess(['--help'])).toMatchObject({ code: 0, stdout: usage });
  });

  it('imports a file and answers sql --json from the workspace it wrote', async () => {
    const file = writeJsonl(path.join(dir, 'runs.jsonl'), [
      turnwiseRecord({ id: 'a', reward: 1 }),
      turnwiseRecord({ id: 'b', reward: 0 }),
    ]);
    const imported = onlyJson(await turnwiseProcess(['import', file, '--db', db, '--json']));
    expect(imported).toMatchObject({ dataset: 'runs', trajectories: 2 });
    const query = 'SELECT trajectory_id, reward FROM trajectories ORDER BY 1';
    expect(onlyJson(await turnwiseProcess(['sql', '--db', db, query, '--json']))).toEqual({
      columns: ['trajectory_id', 'reward'],
      rows: [
        { trajectory_id: 'runs:a', reward: 1 },
        { trajectory_id: 'runs:b', reward: 0 },
      ],
    });
  });

  it('fails with its exit code and one line on stderr', async () => {
    const refused = await turnwiseProcess(['sql', '--db', db, 'DELETE FROM turns']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^turnwise: sql: only a query [^\n]*\n$/);
    const unknown = await turnwiseProcess(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^turnwise: usage: unknown command 'frobnicate'\n/);
  });

  it('is killed (status 137 in a shell) by a query DuckDB cannot stop, saying why', async () => {
    const run = await turnwiseProcess(['sql', '--db', db, '--timeout', '1', UNSTOPPABLE]);
    expect(run).toMatchObject({ code: null, signal: 'SIGKILL', stdout: '' });
    expect(run.stderr).toBe(
      'turnwise: sql: the query was stopped after its time limit of 1 s; narrow it, or raise the ' +
        'limit (--timeout, or the SQL page settings). DuckDB could not interrupt it inside one ' +
        'call, so turnwise was ended\n',
    );
  });
});
