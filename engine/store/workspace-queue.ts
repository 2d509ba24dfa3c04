// Work that must not overlap on one workspace: each queue runs its work one at a time per
// workspace, in call order; a failed run does not stop the ones after it.
import type { Workspace } from './workspace';

export type WorkspaceQueue = <T>(workspace: Workspace, work: () => Promise<T>) => Promise<T>;

export function workspaceQueue(): WorkspaceQueue {
  const tails = new WeakMap<Workspace, Promise<unknown>>();
  return <T>(workspace: Workspace, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(workspace) ?? Promise.resolve()).catch(() => undefined).then(work);
    tails.set(workspace, run);
    return run;
  };
}
