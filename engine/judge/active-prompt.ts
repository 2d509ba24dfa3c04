// The judge prompt version in use (docs/judge.md: a prompt change is kept or rolled back on evidence):
// kept in tw_settings under 'judge.active_prompt', it is what a judge run uses when no version is
// named. Until one is chosen the built-in default is in use.
import * as z from 'zod';
import { DEFAULT_JUDGE_PROMPT_VERSION, type ActiveJudgePrompt } from '../../shared/api-judge';
import { TurnwiseError } from '../../shared/result';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { getPrompt } from './judge-prompts';

export const ACTIVE_PROMPT_KEY = 'judge.active_prompt';

const BUILT_IN: ActiveJudgePrompt = {
  version_id: DEFAULT_JUDGE_PROMPT_VERSION,
  set_at: null,
  previous_version: null,
};

function parseStored(text: string): ActiveJudgePrompt | null {
  try {
    const value = JSON.parse(text) as Partial<Record<keyof ActiveJudgePrompt, unknown>>;
    if (typeof value.version_id !== 'string') return null;
    return {
      version_id: value.version_id,
      set_at: typeof value.set_at === 'string' ? value.set_at : null,
      previous_version: typeof value.previous_version === 'string' ? value.previous_version : null,
    };
  } catch {
    return null;
  }
}

/** The setting's JSON value as text; parseStored reads what it can of it. */
const SettingRow = z.object({ value: z.string() });

/** The version in use; the built-in default when none was chosen (or the setting is unreadable). */
export async function getActivePrompt(workspace: Workspace): Promise<ActiveJudgePrompt> {
  const [row] = await workspace.queryAs(
    SettingRow,
    sql`SELECT value::VARCHAR AS value FROM tw_settings WHERE key = ${ACTIVE_PROMPT_KEY}`,
  );
  if (row === undefined) return BUILT_IN;
  return parseStored(row.value) ?? BUILT_IN;
}

/** Puts an existing version in use, remembering the one it replaces. */
export async function setActivePrompt(
  workspace: Workspace,
  versionId: string,
): Promise<ActiveJudgePrompt> {
  if (workspace.readOnly) {
    throw new TurnwiseError('read_only', 'the workspace is open read-only');
  }
  const prompt = await getPrompt(workspace, versionId);
  const current = await getActivePrompt(workspace);
  if (current.version_id === prompt.version_id && current.set_at !== null) return current;
  const next: ActiveJudgePrompt = {
    version_id: prompt.version_id,
    set_at: new Date().toISOString(),
    previous_version: current.version_id === prompt.version_id ? null : current.version_id,
  };
  await workspace.run(
    sql`INSERT INTO tw_settings (key, value) VALUES (${ACTIVE_PROMPT_KEY}, ${JSON.stringify(next)}::JSON)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  return next;
}
