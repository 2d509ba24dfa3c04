#!/usr/bin/env node
// Runs the CLI as built JavaScript (scripts/cli-build.mjs), rebuilt first when any source is newer
// than the build, so it is never stale, and compiled with V8's code cache (scripts/cli-load.mjs).
// Where no build can be written (a read-only install), it runs the TypeScript sources through tsx.

// A reader that stops early (`turnwise sql ... | head`) closes the pipe: the output is over, which
// is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

async function builtCli() {
  try {
    const { buildCli, currentCliBuild } = await import('../scripts/cli-build.mjs');
    return currentCliBuild() ?? (await buildCli());
  } catch {
    return null;
  }
}

const entry = await builtCli();
const argv = process.argv.slice(2);
if (entry === null) {
  const { register } = await import('tsx/esm/api');
  register();
  const cli = await import('../cli/main.ts');
  process.exitCode = await cli.main(argv);
} else {
  const { runBuiltCli } = await import('../scripts/cli-load.mjs');
  process.exitCode = await runBuiltCli(entry, argv);
}
