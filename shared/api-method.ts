// Building blocks of the API table (shared/api.ts and its per-feature parts).
import * as z from 'zod';

export const Empty = z.object({}).strict();
export const Id = z.string().min(1).max(500);

export function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

/** A method's schemas, built when first asked for. */
export type MethodDefinitions = Record<string, () => { input: z.ZodType; output: z.ZodType }>;

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
