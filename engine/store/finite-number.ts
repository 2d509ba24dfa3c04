// A DOUBLE column whose NaN and infinities count as missing. Rows come as plain JSON values
// (json-values.ts), where those three arrive as text; readers that keep only finite numbers read
// them as null with this schema instead of testing each value's type where they use it.
import * as z from 'zod';

/** What json-values.ts makes of a non-finite number: String(NaN), String(Infinity), ... */
const NON_FINITE_TEXT = ['NaN', 'Infinity', '-Infinity'] as const;

/** A finite number, or null for NULL, NaN and the infinities. */
export const FiniteOrNull = z.union([
  z.number(),
  z.null(),
  z.enum(NON_FINITE_TEXT).transform(() => null),
]);
