// Electron: the preload exposes one function per API method on window.turnwise.
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api';
import type { TurnwiseBridge } from '../../shared/bridge';
import { JobStateSchema } from '../../shared/job-state';
import type { Result } from '../../shared/result';
import type { Transport } from '../../shared/transport';
import { asResult, describeThrown, failure } from './errors';

export function createIpcTransport(bridge: TurnwiseBridge): Transport {
  return {
    async invoke<M extends ApiMethod>(
      method: M,
      input: ApiInput<M>,
    ): Promise<Result<ApiOutput<M>>> {
      const call = bridge[method] as unknown as
        ((input: ApiInput<M>) => Promise<unknown>) | undefined;
      if (typeof call !== 'function') {
        return failure('unknown_method', `The app's preload does not expose '${method}'.`);
      }
      try {
        const answer = await call(input ?? {});
        return (
          asResult<ApiOutput<M>>(answer) ??
          failure('internal', `${method}: the main process answered without a result envelope`)
        );
      } catch (thrown) {
        return failure('internal', `${method} failed over IPC: ${describeThrown(thrown)}`);
      }
    },
    onJobEvent(listener) {
      // A snapshot that does not parse is no job's: dropped, as the HTTP transport drops one.
      return bridge.onJobEvent((event) => {
        const job = JobStateSchema.safeParse(event);
        if (job.success) listener(job.data);
      });
    },
  };
}
