// Building blocks of the API table (shared/api.ts and its per-feature parts).
import * as z from 'zod';

export const Empty = z.object({}).strict();
export const Id = z.string().min(1).max(500);

export function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}
