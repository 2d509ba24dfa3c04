// setRun: marks a dataset as a run. `trained_from` names a recorded export by id, or an export
// folder / manifest on disk, which is then recorded in the workspace too.
import * as z from 'zod';
import type { RunInfo } from '../../shared/api-runs';
import { requireDataset } from '../store/require';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';
import { readExportManifest, type ReadManifest } from '../export/export-manifest';
import { ExportSourcesColumn, recordExport } from '../export/export-records';
import {
  checkNoCycle,
  listRunInfos,
  parentAmong,
  runInfo,
  writeRunFields,
  type RunFields,
} from './runs';

export interface SetRunRequest extends RunFields {
  dataset_id: string;
}

const EXPORT_ID = /^[0-9a-f]{16}$/;

interface NamedExport {
  id: string;
  sources: string[];
  /** A manifest read from disk, recorded once the link is accepted. */
  read?: ReadManifest;
}

/** The export `trained_from` names: a recorded id, else a manifest read from a path. */
async function resolveExport(workspace: Workspace, given: string): Promise<NamedExport> {
  if (EXPORT_ID.test(given)) {
    const [row] = await workspace.queryAs(
      z.object({ sources: ExportSourcesColumn }),
      sql`SELECT sources::VARCHAR AS sources FROM tw_exports WHERE export_id = ${given}`,
    );
    if (row !== undefined) return { id: given, sources: row.sources };
  }
  const read = await readExportManifest(given);
  const { manifest } = read;
  return { id: manifest.export_id, sources: manifest.sources.map((s) => s.dataset_id), read };
}

export async function setRun(workspace: Workspace, request: SetRunRequest): Promise<RunInfo> {
  const { dataset_id: datasetId, trained_from: given, ...fields } = request;
  await requireDataset(workspace, datasetId);
  let trainedFrom: string | null | undefined = given === undefined ? undefined : null;
  if (typeof given === 'string') {
    const exported = await resolveExport(workspace, given.trim());
    const runs = await listRunInfos(workspace);
    const present = new Set(runs.map((run) => run.dataset_id));
    const parent = exported.sources.includes(datasetId)
      ? datasetId
      : parentAmong(exported.sources, present, datasetId);
    checkNoCycle(runs, datasetId, parent);
    // Only now: a refused link leaves the workspace as it was.
    if (exported.read !== undefined) {
      await recordExport(workspace, exported.read.manifest, exported.read.dir);
    }
    trainedFrom = exported.id;
  }
  await writeRunFields(workspace, datasetId, { ...fields, trained_from: trainedFrom });
  return runInfo(workspace, datasetId);
}
