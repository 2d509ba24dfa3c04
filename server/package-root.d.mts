// Types of server/package-root.mjs.
/** The folder holding Turnwise's package.json, searched upwards from `from`. */
export declare function packageRoot(from?: string): string;
