// npm run samples:fetch: puts the real sample files the tests read where samplePath() looks,
// downloading them into the cache when neither ../shared/samples nor TURNWISE_SAMPLES_DIR is set.
import { SamplesMissingError, ensureSamples } from '../engine/testing/samples/ensure-samples';
import { loadManifest } from '../engine/testing/samples/manifest';

try {
  const found = await ensureSamples({ log: (line) => console.log(line) });
  console.log(
    `All ${loadManifest().files.length} sample files are in ${found.dir} (${found.source})`,
  );
} catch (error) {
  if (!(error instanceof SamplesMissingError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
