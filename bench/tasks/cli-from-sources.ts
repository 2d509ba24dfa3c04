// `turnwise` run from its TypeScript sources (through `node --import tsx`), as bin/turnwise.js ran
// before it used the build: the CLI section's baseline.
import { main } from '../../cli/main';

process.exitCode = await main(process.argv.slice(2));
