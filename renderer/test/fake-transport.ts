// A Transport for tests: answers from per-method handlers and records every call.
import type { ApiInput, ApiMethod, ApiOutput, JobState } from '../../shared/api';
import type { Result } from '../../shared/result';
import type { Transport } from '../../shared/transport';

export type FakeHandlers = {
  [M in ApiMethod]?: (input: ApiInput<M>) => Result<ApiOutput<M>> | Promise<Result<ApiOutput<M>>>;
};

export type FakeTransport = Transport & {
  calls: { method: ApiMethod; input: unknown }[];
  emit(job: JobState): void;
};

export function fakeTransport(handlers: FakeHandlers): FakeTransport {
  const listeners = new Set<(job: JobState) => void>();
  const calls: { method: ApiMethod; input: unknown }[] = [];
  return {
    calls,
    async invoke<M extends ApiMethod>(method: M, input: ApiInput<M>) {
      calls.push({ method, input });
      const handler = handlers[method] as
        ((input: ApiInput<M>) => Result<ApiOutput<M>> | Promise<Result<ApiOutput<M>>>) | undefined;
      if (handler === undefined) {
        return { ok: false, error: { code: 'unknown_method', message: `no fake for ${method}` } };
      }
      return handler(input);
    },
    onJobEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(job) {
      for (const listener of listeners) listener(job);
    },
  };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}
