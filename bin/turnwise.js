#!/usr/bin/env node
// Runs the CLI from its TypeScript sources through tsx, so it is never stale.
import { register } from 'tsx/esm/api';

register();
// A reader that stops early (`turnwise sql ... | head`) closes the pipe: the output is over, which
// is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { main } = await import('../electron/cli.ts');
process.exitCode = await main(process.argv.slice(2));
