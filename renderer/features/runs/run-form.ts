// The Run card's form: the text each field shows for a run, and the setRun request of what the
// user changed (a field left out is unchanged, an emptied one is cleared).
import type { ApiInput } from '../../../shared/api';
import type { RunInfo } from '../../../shared/api-runs';

export const PATH_OPTION = '__path__';

export type RunDraft = {
  model?: string;
  checkpoint?: string;
  step?: string;
  notes?: string;
  /** '' none, an export id, or PATH_OPTION (then `path` holds the directory or manifest). */
  trainedFrom?: string;
  path?: string;
};

export type RunFields = Required<Omit<RunDraft, 'path'>>;

/** The fields as the run has them (a model only read from the rollouts is not "set"). */
export function currentFields(run: RunInfo | undefined): RunFields {
  return {
    model: run?.model_source === 'set' ? (run.model ?? '') : '',
    checkpoint: run?.checkpoint ?? '',
    step: run?.step === null || run?.step === undefined ? '' : String(run.step),
    notes: run?.notes ?? '',
    trainedFrom: run?.trained_from ?? '',
  };
}

/** A step is empty (none) or a whole number from 0. */
export function parseStep(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^[0-9]+$/.test(trimmed)) return undefined;
  const step = Number(trimmed);
  return Number.isSafeInteger(step) ? step : undefined;
}

export type SetRunInput = ApiInput<'setRun'>;

/** The request for the changed fields, or an error message, or null when nothing changed. */
export function runPatch(
  datasetId: string,
  current: RunFields,
  draft: RunDraft,
): { input: SetRunInput } | { invalid: string; field: 'step' | 'path' } | null {
  const input: SetRunInput = { dataset_id: datasetId };
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  if (draft.model !== undefined && draft.model.trim() !== current.model) {
    input.model = text(draft.model);
  }
  if (draft.checkpoint !== undefined && draft.checkpoint.trim() !== current.checkpoint) {
    input.checkpoint = text(draft.checkpoint);
  }
  if (draft.step !== undefined && draft.step.trim() !== current.step) {
    const step = parseStep(draft.step);
    if (step === undefined) return { invalid: 'The step is a whole number from 0.', field: 'step' };
    input.step = step;
  }
  if (draft.notes !== undefined && draft.notes !== current.notes) {
    input.notes = draft.notes.trim() === '' ? null : draft.notes;
  }
  if (draft.trainedFrom === PATH_OPTION) {
    const path = (draft.path ?? '').trim();
    if (path === '') {
      return { invalid: 'Give the export directory or its turnwise-manifest.json.', field: 'path' };
    }
    input.trained_from = path;
  } else if (draft.trainedFrom !== undefined && draft.trainedFrom !== current.trainedFrom) {
    input.trained_from = draft.trainedFrom === '' ? null : draft.trainedFrom;
  }
  return Object.keys(input).length > 1 ? { input } : null;
}
