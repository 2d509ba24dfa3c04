#!/usr/bin/env node
// Runs the built launcher (out/cli/launch.mjs, made by scripts/cli-build.mjs: `npm install` and
// `npm run build:cli` make it), and nothing else: the launcher keeps the build current.

// A reader that stops early (`turnwise sql ... | head`) closes the pipe: the output is over, which
// is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const launcher = new URL('../out/cli/launch.mjs', import.meta.url);
let launch;
try {
  ({ launch } = await import(launcher.href));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write(
    'turnwise: the command is not built in this checkout. Run `npm run build:cli` ' +
      '(`npm install` runs it).\n',
  );
  process.exit(1);
}
process.exitCode = await launch(process.argv.slice(2));
