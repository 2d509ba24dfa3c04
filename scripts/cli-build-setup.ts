// Vitest global setup: the built `turnwise` is made current once, before the test files that run
// the command start, rather than by the first of many commands starting at once.
import { buildCli, currentCliBuild } from './cli-build.mjs';

export default async function setup(): Promise<void> {
  if (currentCliBuild() === null) await buildCli();
}
