#!/usr/bin/env node
// Runs the CLI from its TypeScript sources through tsx, so it is never stale.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/cli.ts');
process.exitCode = await main(process.argv.slice(2));
