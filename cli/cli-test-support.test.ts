// The in-process runner the CLI tests use: what a command wrote and its exit code, as the process
// would give them, and a test process left as it was after each run.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_HOSTS_ENV } from '../engine/endpoints/endpoint-key';
import { setUnstoppableQueryHandler } from '../engine/store/bounded-query';
import { cliWorkspace, turnwiseWithEnv } from './cli-test-support';
import { overallHelp } from './help';
import { COMMANDS } from './main';

const { dir } = cliWorkspace();

describe('turnwise run in the test process', () => {
  it('gives the exit code and what went to stdout and to stderr', async () => {
    expect(await turnwiseWithEnv({}, '--help')).toEqual({
      code: 0,
      stdout: `${overallHelp(COMMANDS)}\n`,
      stderr: '',
    });
    const unknown = await turnwiseWithEnv({}, 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^turnwise: usage: unknown command 'frobnicate'\n/);
  });

  it('keeps the output of runs started together apart', async () => {
    const [help, unknown] = await Promise.all([
      turnwiseWithEnv({}, '--help'),
      turnwiseWithEnv({}, 'frobnicate'),
    ]);
    expect(help.stderr).toBe('');
    expect(help.stdout).toBe(`${overallHelp(COMMANDS)}\n`);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/^turnwise: usage: unknown command/);
  });

  it('puts back process.env: the variables it was given and those the command set', async () => {
    const hosts = process.env[KEY_HOSTS_ENV];
    // The judge lists its endpoint's host before it opens the workspace, which cannot be made.
    const run = await turnwiseWithEnv(
      { TW_RUNNER_TEST: 'set' },
      'label',
      '--db',
      path.join(dir, 'no-such-folder', 'ws.duckdb'),
      '--labeler',
      'judge',
      '--endpoint',
      'http://gpu-box.lan:8000/v1',
      '--model',
      'm',
    );
    expect(run.stderr).toMatch(/^turnwise: workspace: .*no-such-folder/);
    expect(process.env.TW_RUNNER_TEST).toBeUndefined();
    expect(process.env[KEY_HOSTS_ENV]).toBe(hosts);
  });

  it('leaves the unstoppable-query handler of this process as it was', async () => {
    const mine = () => undefined;
    const before = setUnstoppableQueryHandler(mine);
    try {
      await turnwiseWithEnv({}, 'stats', '--db', path.join(dir, 'none.duckdb'));
      expect(setUnstoppableQueryHandler(before)).toBe(mine);
    } finally {
      setUnstoppableQueryHandler(before);
    }
  });
});
