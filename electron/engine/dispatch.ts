// The one place that validates requests and turns exceptions into result envelopes.
import {
  API,
  isApiMethod,
  type ApiMethod,
  type ApiOutput,
  type ApiRequest,
} from '../../shared/api';
import { fail, ok, type Result } from '../../shared/result';
import { toFailure } from './failure';
import { elapsedMs, log } from './logging/logger';

export type ApiHandlers = {
  [M in ApiMethod]: (request: ApiRequest<M>) => Promise<ApiOutput<M>>;
};

export type Dispatch = (method: string, input: unknown) => Promise<Result<unknown>>;

/** A schema failure's issues as one line: `path: message; ...`. */
export function describeIssues(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): string {
  return error.issues
    .map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(request)'}: ${issue.message}`,
    )
    .join('; ');
}

export function createDispatch(handlers: ApiHandlers): Dispatch {
  const answer = answerWith(handlers);
  return async (method, input) => {
    const start = performance.now();
    const result = await answer(method, input);
    // The method's name, time and outcome only: inputs and messages can hold workspace content.
    log().info('dispatch', {
      method: isApiMethod(method) ? method : '(unknown)',
      ms: elapsedMs(start),
      result: result.ok ? 'ok' : result.error.code,
    });
    return result;
  };
}

function answerWith(handlers: ApiHandlers): Dispatch {
  return async (method, input) => {
    if (!isApiMethod(method)) return fail('unknown_method', `no API method named '${method}'`);
    const spec = API[method];
    const parsed = spec.input.safeParse(input ?? {});
    if (!parsed.success) {
      return fail('bad_request', `${method}: ${describeIssues(parsed.error)}`);
    }
    try {
      const handler = handlers[method] as (request: unknown) => Promise<unknown>;
      const value = await handler(parsed.data);
      // Responses are checked too: a handler that breaks the contract is a bug, reported as such.
      const checked = spec.output.safeParse(value);
      if (!checked.success) {
        return fail(
          'internal',
          `${method} returned an invalid response: ${describeIssues(checked.error)}`,
        );
      }
      return ok(checked.data);
    } catch (error) {
      return toFailure(error);
    }
  };
}
