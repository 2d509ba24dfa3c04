// tau2-bench's dir layout (Results.save(format="dir"), the default for voice runs): results.json
// holds the run's info, tasks and a simulation_index, and each simulation is its own
// simulations/<id>.json beside it. tau2 loads every *.json of simulations/ sorted by name; so does
// this reader. A problem in a simulation file is reported at the line of its index entry in
// results.json (line 1 when unlisted), naming the simulation file and its own line.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { recordErrorReason, type ReadContext, type ReadItem } from '../../chat/canonical';
import { parseJson, readTextFile } from '../json-document';
import { isRecord } from '../../chat/openai-messages';
import { topLevelListElements } from './inspect-json-layout';
import { tau2Simulation, type Tau2Run } from './tau-bench-tau2';

export const SIMULATIONS_DIR = 'simulations';

/** The simulation files beside a results.json, sorted by name; none when the folder is missing. */
export async function simulationFiles(resultsFile: string): Promise<string[]> {
  const dir = path.join(path.dirname(resultsFile), SIMULATIONS_DIR);
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.join(dir, entry.name))
    .sort();
}

/** The id of each simulation_index entry with the line it starts on in results.json. */
function indexLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  for (const element of topLevelListElements(text, 'simulation_index') ?? []) {
    const parsed = parseJson(element.text, element.line);
    if (parsed.ok && isRecord(parsed.value) && typeof parsed.value.id === 'string') {
      lines.set(parsed.value.id, element.line);
    }
  }
  return lines;
}

/** Reads the simulations of a dir-layout results.json (`text`, already parsed as run info). */
export async function* readTau2Dir(
  file: string,
  text: string,
  run: Tau2Run,
  context: ReadContext,
): AsyncIterable<ReadItem> {
  const files = await simulationFiles(file);
  const listed = indexLines(text);
  if (files.length === 0) {
    yield {
      kind: 'error',
      line: 1,
      reason:
        `no simulations: the file has no "simulations" list and no ${SIMULATIONS_DIR}/ folder ` +
        'of simulation files beside it (tau2 dir layout)',
    };
    return;
  }
  const found = new Set<string>();
  // Simulation files are the results file's companions: their bytes are not its progress.
  const scratch = { ...context, progress: { bytesRead: 0 } };
  for (const [index, simulationFile] of files.entries()) {
    if (context.signal.aborted) return;
    const id = path.basename(simulationFile, '.json');
    found.add(id);
    const line = listed.get(id) ?? 1;
    const where = `${SIMULATIONS_DIR}/${path.basename(simulationFile)}`;
    const parsed = parseJson(await readTextFile(simulationFile, scratch));
    if (!parsed.ok) {
      yield { kind: 'error', line, reason: `${where}:${parsed.line}: ${parsed.reason}` };
      continue;
    }
    try {
      yield { kind: 'trajectory', line, trajectory: tau2Simulation(parsed.value, run, index) };
    } catch (error) {
      const reason = recordErrorReason(error);
      if (reason === null) throw error;
      yield { kind: 'error', line, reason: `${where}: ${reason}` };
    }
  }
  for (const [id, line] of listed) {
    if (found.has(id)) continue;
    yield {
      kind: 'error',
      line,
      reason: `simulation_index lists '${id}' but ${SIMULATIONS_DIR}/${id}.json is missing`,
    };
  }
}
