// zod re-exports all of its ~40 message locales as `z.locales`. esbuild keeps a namespace whole
// once `z` is used, so the CLI's start-up code carried every locale (about 360 kB to compile at
// each start); Rollup, which builds the renderer, already drops them. Turnwise never switches the
// locale (zod's schemas module registers English itself), so the CLI build gets a `locales`
// namespace holding English only.

const ENGLISH_ONLY = "export { default as en } from 'zod/v4/locales/en.js';\n";

/** An esbuild plugin; `resolveDir` is where `zod` resolves from (the project root). */
export function zodEnglishEsbuild(resolveDir) {
  return {
    name: 'zod-english',
    setup(builder) {
      builder.onResolve({ filter: /(^|\/)locales\/index\.js$/ }, (args) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
          ? { path: 'locales', namespace: 'zod-english' }
          : undefined,
      );
      builder.onLoad({ filter: /.*/, namespace: 'zod-english' }, () => ({
        contents: ENGLISH_ONLY,
        resolveDir,
        loader: 'js',
      }));
    },
  };
}
