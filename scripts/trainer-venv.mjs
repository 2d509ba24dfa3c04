// Where the trainer suite's Python virtualenv lives (trainers/README.md): TURNWISE_TRAINER_VENV,
// else turnwise/trainer-venv in the user's cache folder. npm run test:trainers makes it; the
// bench's Python anchors run under it.
import os from 'node:os';
import path from 'node:path';

export function trainerVenv() {
  const cache = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
  return process.env.TURNWISE_TRAINER_VENV ?? path.join(cache, 'turnwise', 'trainer-venv');
}

/** The virtualenv's Python interpreter. */
export function trainerPython(venv = trainerVenv()) {
  return path.join(venv, 'bin', 'python');
}
