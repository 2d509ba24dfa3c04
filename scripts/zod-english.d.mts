// Types of scripts/zod-english.mjs (plain JavaScript, loaded by the CLI build without tsx).
import type { Plugin } from 'esbuild';
/** esbuild plugin; `resolveDir` is where `zod` resolves from (the project root). */
export declare function zodEnglishEsbuild(resolveDir: string): Plugin;
