// Versioned judge prompts (docs/judge.md): `<name>/<n>`, immutable, each with its parent, so labels
// and cache entries name exactly the text that produced them. The built-in default is seeded on
// first use.
import {
  DEFAULT_JUDGE_PROMPT_VERSION,
  JudgePromptSchema,
  type JudgePrompt,
} from '../../shared/api-judge';
import { TurnwiseError } from '../../shared/result';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { DEFAULT_PROMPT_TEXT } from './default-prompt';

const VERSION = /^(.+)\/([1-9][0-9]*)$/;

/** Writes the built-in prompt if this workspace does not have it yet. */
export async function ensureDefaultPrompt(workspace: Workspace): Promise<void> {
  if (workspace.readOnly) return;
  await workspace.run(
    sql`INSERT OR IGNORE INTO tw_judge_prompts
        VALUES (${DEFAULT_JUDGE_PROMPT_VERSION}, NULL, ${DEFAULT_PROMPT_TEXT}, now())`,
  );
}

export async function listPrompts(workspace: Workspace): Promise<JudgePrompt[]> {
  await ensureDefaultPrompt(workspace);
  return workspace.queryAs(
    JudgePromptSchema,
    `SELECT version_id, parent_version, text, created_at FROM tw_judge_prompts
     ORDER BY created_at, version_id`,
  );
}

export async function getPrompt(workspace: Workspace, versionId: string): Promise<JudgePrompt> {
  await ensureDefaultPrompt(workspace);
  const [row] = await workspace.queryAs(
    JudgePromptSchema,
    sql`SELECT version_id, parent_version, text, created_at FROM tw_judge_prompts
        WHERE version_id = ${versionId}`,
  );
  if (row === undefined) {
    throw new TurnwiseError('not_found', `no judge prompt version '${versionId}'`);
  }
  return row;
}

export interface NewPromptVersion {
  parent_version: string | null;
  text: string;
  name?: string | undefined;
}

/** Creates `<name>/<next n>`; the same text as an existing version of that name returns it. */
export async function createPromptVersion(
  workspace: Workspace,
  request: NewPromptVersion,
): Promise<JudgePrompt> {
  const parent =
    request.parent_version === null ? null : await getPrompt(workspace, request.parent_version);
  const name = request.name ?? (parent === null ? undefined : VERSION.exec(parent.version_id)?.[1]);
  if (name === undefined) {
    throw new TurnwiseError(
      'invalid_input',
      'a prompt without a parent version needs a name (its versions are <name>/1, <name>/2, …)',
    );
  }
  const siblings = (await listPrompts(workspace)).filter(
    (prompt) => VERSION.exec(prompt.version_id)?.[1] === name,
  );
  const same = siblings.find((prompt) => prompt.text === request.text);
  if (same !== undefined) return same;
  const next = Math.max(0, ...siblings.map((p) => Number(VERSION.exec(p.version_id)?.[2]))) + 1;
  const versionId = `${name}/${next}`;
  await workspace.run(
    sql`INSERT INTO tw_judge_prompts
        VALUES (${versionId}, ${parent?.version_id ?? null}, ${request.text}, now())`,
  );
  return getPrompt(workspace, versionId);
}
