// The import dialog's job: an import started and followed to the end (see useJob).
import { useJob, type Job } from '../../api/useJob';

export type ImportJob = Job<'startImport'>;

export function useImportJob(): ImportJob {
  return useJob('startImport');
}
