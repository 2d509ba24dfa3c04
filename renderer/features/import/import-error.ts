// Import errors in the dialog's own terms: when choosing a format would fix one (a file no format
// claims, or one of ambiguous format), say where in the dialog to choose it, not a CLI flag; when
// a bad record aborted it, name the box that keeps the good records instead.
import { canSkipBadRecords, formatRemedy } from '../../../shared/api-import';
import type { ApiError } from '../../../shared/result';

export function dialogError(error: ApiError): ApiError {
  if (canSkipBadRecords(error.details)) {
    const hint = 'Tick “Skip bad records” to import the good records and list the bad ones.';
    return { ...error, message: `${error.message}.\n${hint}` };
  }
  const remedy = formatRemedy(error.details);
  if (remedy === null) return error;
  const some = remedy.formats.length <= 3 ? ` (${remedy.formats.join(', ')})` : '';
  const skip = remedy.can_skip
    ? ', or tick “Skip bad records” to leave the file out of a folder import'
    : '';
  return {
    ...error,
    message: `${error.message}.\nChoose the format in the Format list above${some}${skip}.`,
  };
}
