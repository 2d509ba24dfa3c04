// turnwise judge --db FILE prompts [--json]       the prompt versions, the one in use marked
// turnwise judge --db FILE use --version ID [--json]   puts a version in use (keep or roll back)
// The version in use is what a judge run takes when no --prompt-version is given.
import type { ActiveJudgePrompt, JudgePrompt } from '../shared/api-judge';
import { parse, requireDb } from './args';
import { call, withEngine } from './call';
import type { CommandSpec } from './command-spec';
import { formatTable, printJson, printLine, usageFailure } from './output';

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

function describePrompts(prompts: JudgePrompt[], active: ActiveJudgePrompt): string {
  const rows = prompts.map((prompt) => ({
    ' ': prompt.version_id === active.version_id ? '*' : '',
    version: prompt.version_id,
    parent: prompt.parent_version ?? '',
    created: prompt.created_at,
    text: firstLine(prompt.text),
  }));
  return [
    formatTable([' ', 'version', 'parent', 'created', 'text'], rows, 50),
    `In use: ${active.version_id}` +
      (active.set_at === null ? ' (the built-in default)' : ` (since ${active.set_at})`),
  ].join('\n');
}

const DB = { name: 'db', value: 'FILE', description: 'the workspace (required)' };

export const JUDGE_PROMPTS_COMMAND: CommandSpec = {
  name: 'prompts',
  summary: 'The judge prompt versions, the one in use marked.',
  usage: ['--db FILE prompts'],
  options: [DB],
  run: judgePromptsCommand,
};

export const JUDGE_USE_COMMAND: CommandSpec = {
  name: 'use',
  summary: 'Put a prompt version in use (to keep one, or to roll back).',
  usage: ['--db FILE use --version ID'],
  options: [DB, { name: 'version', value: 'ID', description: 'the prompt version (required)' }],
  run: judgeUseCommand,
};

export async function judgePromptsCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, JUDGE_PROMPTS_COMMAND);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const db = requireDb(values);
  // Not read-only: a workspace that never listed its prompts gets the built-in one written.
  await withEngine(db, false, async (engine) => {
    const { prompts } = await call(engine, 'listJudgePrompts', {}, 'judge prompts');
    const active = await call(engine, 'getActiveJudgePrompt', {}, 'judge prompts');
    if (values.json) {
      printJson({
        active,
        prompts: prompts.map((prompt) => ({
          ...prompt,
          active: prompt.version_id === active.version_id,
        })),
      });
    } else printLine(describePrompts(prompts, active));
  });
}

export async function judgeUseCommand(args: string[]): Promise<void> {
  const { values, positionals } = parse(args, JUDGE_USE_COMMAND);
  if (positionals.length > 0) throw usageFailure(`unexpected argument '${positionals[0]}'`);
  const db = requireDb(values);
  const version = values.version;
  if (typeof version !== 'string' || version === '') throw usageFailure('--version ID is required');
  await withEngine(db, false, async (engine) => {
    const active = await call(engine, 'setActiveJudgePrompt', { version_id: version }, 'judge use');
    if (values.json) printJson(active);
    else
      printLine(
        `In use: ${active.version_id}` +
          (active.previous_version === null ? '' : ` (was ${active.previous_version})`),
      );
  });
}
