// Types of scripts/cli-build.mjs (plain JavaScript, so bin/turnwise.js can load it without tsx).
export declare const CLI_OUT: string;
/** The entry of a build newer than all its sources, or null. */
export declare function currentCliBuild(out?: string): string | null;
/** Builds the CLI into `out` and makes it current; returns its entry. */
export declare function buildCli(out?: string): Promise<string>;
/** The turnwise package's folder (found upwards, so bundled copies agree). */
export declare const PACKAGE_ROOT: string;
