// One API call through an open engine's typed dispatch, for the bench tasks that time the API as
// the app calls it: the input and the answer are the contract's; an error result throws.
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api';
import type { Engine } from '../../engine/core/engine-types';

export function engineCaller(engine: Engine) {
  return async function call<M extends ApiMethod>(
    method: M,
    input: ApiInput<M>,
  ): Promise<ApiOutput<M>> {
    const result = await engine.dispatch(method, input);
    if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };
}
