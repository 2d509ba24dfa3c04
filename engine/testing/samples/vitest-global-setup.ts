// Vitest global setup: once per run, before any test file is collected, the sample files are made
// available where samplePath() looks (fetched into the cache if need be), or the run stops with
// one message saying what is missing and how to get it.
import { SamplesMissingError, ensureSamples } from './ensure-samples';

export default async function setup(): Promise<void> {
  try {
    await ensureSamples({ log: (line) => console.log(line) });
  } catch (error) {
    if (!(error instanceof SamplesMissingError)) throw error;
    // Exit rather than throw: a thrown setup error comes with Vitest's stack trace and a
    // misleading "No test files found", which would bury the one message that matters.
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
