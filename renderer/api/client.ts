// The typed API client the views use. It never rejects: whatever a transport throws becomes a
// Result error, so a broken connection shows up as an Alert and not as an unhandled rejection.
import type { ApiInput, ApiMethod, ApiOutput, JobState } from '../../shared/api';
import type { Result } from '../../shared/result';
import type { Transport } from '../../shared/transport';
import { describeThrown, failure } from './errors';

export type ApiClient = {
  call<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<Result<ApiOutput<M>>>;
  onJobEvent(listener: (job: JobState) => void): () => void;
};

export function createClient(transport: Transport): ApiClient {
  return {
    async call(method, input) {
      try {
        return await transport.invoke(method, input);
      } catch (thrown) {
        return failure('internal', `${method}: ${describeThrown(thrown)}`);
      }
    },
    onJobEvent(listener) {
      try {
        return transport.onJobEvent(listener);
      } catch {
        return () => undefined; // no live events; views still poll or reload by hand
      }
    },
  };
}
