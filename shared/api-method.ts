// Building blocks of the API table (shared/api.ts and its per-feature parts).
import * as z from 'zod';

export const Empty = z.object({}).strict();
export const Id = z.string().min(1).max(500);

/**
 * The reads a write changes, by method name ('all': every read, for writes that change what most
 * views show). After the write succeeds the renderer's `useApiWrite` refetches them; shared/api.ts
 * fails to typecheck while a name is not an API method.
 */
export type Invalidates = readonly string[] | 'all';

const NOTHING: readonly [] = [];

// Overloads rather than a defaulted type parameter: a call without `write` would otherwise take
// its invalidates type from the table's contextual type (any Invalidates) instead of none.
export function method<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
): { input: I; output: O; invalidates: readonly [] };
export function method<I extends z.ZodType, O extends z.ZodType, const V extends Invalidates>(
  input: I,
  output: O,
  write: { invalidates: V },
): { input: I; output: O; invalidates: V };
export function method(
  input: z.ZodType,
  output: z.ZodType,
  write?: { invalidates: Invalidates },
): { input: z.ZodType; output: z.ZodType; invalidates: Invalidates } {
  return { input, output, invalidates: write?.invalidates ?? NOTHING };
}

/** A method's schemas, built when first asked for. */
export type MethodDefinitions = Record<
  string,
  () => { input: z.ZodType; output: z.ZodType; invalidates: Invalidates }
>;

export type MethodTable<D extends MethodDefinitions> = {
  readonly [K in keyof D]: ReturnType<D[K]>;
};

/**
 * The API table from its definitions, each method's schemas built on first use. Building all of
 * them (some 80 methods) took ~40 ms at every start of the CLI and the engine, while a command
 * uses a few (docs/performance.md, "CLI start"). The keys are there from the start.
 */
export function lazyMethodTable<D extends MethodDefinitions>(definitions: D): MethodTable<D> {
  const table = {};
  for (const [name, define] of Object.entries(definitions)) {
    Object.defineProperty(table, name, {
      enumerable: true,
      configurable: true,
      get() {
        const spec = define();
        Object.defineProperty(table, name, { value: spec, enumerable: true, writable: false });
        return spec;
      },
    });
  }
  return table as MethodTable<D>;
}
