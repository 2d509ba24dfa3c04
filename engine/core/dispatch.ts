// The one place that validates requests and turns exceptions into result envelopes.
import {
  API,
  isApiMethod,
  type ApiInput,
  type ApiMethod,
  type ApiOutput,
  type ApiRequest,
} from '../../shared/api';
import { fail, ok, type Result } from '../../shared/result';
import { toFailure } from './failure';
import { elapsedMs, log } from '../logging/logger';

export type ApiHandlers = {
  [M in ApiMethod]: (request: ApiRequest<M>) => Promise<ApiOutput<M>>;
};

/** One API call, its input checked when compiled and (by the engine) again when it runs. */
export type Dispatch = <M extends ApiMethod>(
  method: M,
  input: ApiInput<M>,
) => Promise<Result<ApiOutput<M>>>;

/**
 * One API call by a method name known only at run time: what came over IPC, HTTP or the engine
 * process's channel. Only transports use it; everything else calls a Dispatch.
 */
export type DispatchByName = (method: string, input: unknown) => Promise<Result<unknown>>;

/**
 * The typed view of a dispatch by name. Sound because what answers by name is always the engine's
 * createDispatchByName (here or in the engine's process), which checks every value against its
 * method's output schema before it answers.
 */
export function typedDispatch(byName: DispatchByName): Dispatch {
  return <M extends ApiMethod>(method: M, input: ApiInput<M>) =>
    byName(method, input) as Promise<Result<ApiOutput<M>>>;
}

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

/** The engine's dispatch, typed; see createDispatchByName. */
export function createDispatch(handlers: ApiHandlers): Dispatch {
  return typedDispatch(createDispatchByName(handlers));
}

/** Validates each request, calls its handler, validates the answer; never throws. */
export function createDispatchByName(handlers: ApiHandlers): DispatchByName {
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

function answerWith(handlers: ApiHandlers): DispatchByName {
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
