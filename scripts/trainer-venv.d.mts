// Types of scripts/trainer-venv.mjs (plain JavaScript, loaded by npm run test:trainers).
export declare function trainerVenv(): string;
/** The virtualenv's Python interpreter. */
export declare function trainerPython(venv?: string): string;
