// Calls an API method through the engine's dispatch, as the app does, and unwraps the result.
import type { ApiInput, ApiMethod, ApiOutput } from '../shared/api';
import type { Engine } from '../engine/core/engine-types';
import { failureFrom } from './output';
import { TurnwiseError } from '../shared/result';

export async function call<M extends ApiMethod>(
  engine: Engine,
  method: M,
  input: ApiInput<M>,
  what: string,
): Promise<ApiOutput<M>> {
  const result = await engine.dispatch(method, input);
  if (!result.ok) throw failureFrom(what, result.error);
  return result.value;
}

/** Opens the workspace, runs the work, and always closes it. */
export async function withEngine<T>(
  dbPath: string,
  readOnly: boolean,
  work: (engine: Engine) => Promise<T>,
): Promise<T> {
  let engine: Engine;
  try {
    // Loaded on first use: commands that open no workspace (formats, --help) never load DuckDB.
    // DuckDB opens the file on a thread of its own while this one loads the rest of the engine.
    const { Workspace } = await import('../engine/store/workspace');
    const opening = Workspace.open(dbPath, { readOnly });
    const loading = import('../engine/engine');
    const [workspace, { engineOn }] = await Promise.all([
      opening,
      loading.catch(async (error: unknown) => {
        (await opening.catch(() => null))?.close();
        throw error;
      }),
    ]);
    engine = await engineOn(workspace);
  } catch (error) {
    if (error instanceof TurnwiseError) {
      throw failureFrom('workspace', { code: error.code, message: error.message });
    }
    throw error;
  }
  try {
    return await work(engine);
  } finally {
    await engine.close();
  }
}
