// Types for electron-binary.mjs (plain JS so `npm start` runs without a TypeScript loader).

export type MissingReason =
  | 'package-missing'
  | 'never-downloaded'
  | 'binary-missing'
  | 'override-missing'
  | 'unsupported-platform';

export type ElectronBinary =
  | {
      found: true;
      path: string;
      packageVersion: string | null;
      /** dist/version; differs from packageVersion after a partial upgrade. */
      installedVersion: string | null;
    }
  | {
      found: false;
      reason: MissingReason;
      packageDir: string;
      packageVersion?: string | null;
      expectedPath?: string | null;
      platform?: string;
    };

export function electronExecutableName(platform: string): string | null;

export function locateElectronBinary(options: {
  packageDir: string;
  env?: Record<string, string | undefined>;
  platform?: string;
}): ElectronBinary;

export function describeMissingBinary(result: Extract<ElectronBinary, { found: false }>): string;
