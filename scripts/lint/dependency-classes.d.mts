// Types of scripts/lint/dependency-classes.mjs (plain JavaScript, so eslint.config.js loads it).
export type DependencyClass = 'pure' | 'node' | 'dom' | 'electron' | 'test' | 'tool';
export declare const DEPENDENCY_CLASSES: Record<string, DependencyClass>;
export declare const ZONE_CLASSES: Record<string, DependencyClass[]>;
export declare function packagesOfClasses(classes: DependencyClass[]): string[];
