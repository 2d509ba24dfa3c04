// Reads Electronegativity's results. The scanner always exits 0, so the verdict is ours: a finding
// that Electronegativity does not mark for manual review is a misconfiguration and fails the run;
// manual-review findings (e.g. "review the use of openExternal") are listed for a person; a file the
// scanner could not parse fails too, since nothing in it was checked.
import { createRequire } from 'node:module';

export interface ScanFinding {
  id: string;
  manualReview: boolean;
  severity: { name: string };
  confidence: { name: string };
  file: string;
  location: { line: number; column: number };
  sample?: string;
  description: string;
}

export interface ScanError {
  file: string;
  message: string;
  /** True when the file was still scanned (a parser warning). */
  tolerable: boolean;
}

export interface ScanResult {
  globalChecks: number;
  atomicChecks: number;
  issues: ScanFinding[];
  errors: ScanError[];
}

export interface ScanVerdict {
  blocking: ScanFinding[];
  review: ScanFinding[];
  unparsed: ScanError[];
  passed: boolean;
}

export function judgeScan(result: ScanResult): ScanVerdict {
  const blocking = result.issues.filter((finding) => !finding.manualReview);
  const review = result.issues.filter((finding) => finding.manualReview);
  const unparsed = result.errors.filter((error) => !error.tolerable);
  return { blocking, review, unparsed, passed: blocking.length === 0 && unparsed.length === 0 };
}

export function describeFinding(finding: ScanFinding): string {
  const where = finding.file === 'N/A' ? 'whole app' : `${finding.file}:${finding.location.line}`;
  const sample = finding.sample ? `  ${finding.sample.trim().slice(0, 100)}` : '';
  return `${finding.id} [${finding.severity.name}/${finding.confidence.name}] ${where}: ${finding.description}${sample}`;
}

export interface ScanOptions {
  /** A folder holding the app's source (or a built app). */
  input: string;
  /** The Electron version the checks assume (the scanner cannot always detect it). */
  electronVersion: string;
}

type Runner = (options: Record<string, unknown>, forCli: boolean) => Promise<ScanResult>;

/**
 * Checks left out: AvailableSecurityFixesGlobalCheck downloads Electron's release list from GitHub
 * with no timeout, which offline CI machines cannot reach (it would hang or say nothing).
 */
export const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];

/** Runs the scanner in-process through its programmatic entry (dist/runner.js). */
export async function runElectronegativity(options: ScanOptions): Promise<ScanResult> {
  const loaded = createRequire(import.meta.url)('@doyensec/electronegativity') as
    Runner | { default: Runner };
  const run = typeof loaded === 'function' ? loaded : loaded.default;
  return run(
    {
      input: options.input,
      isRelative: true,
      electronVersionOverride: options.electronVersion,
      excludeFromScan: EXCLUDED_CHECKS.map((name) => name.toLowerCase()),
    },
    false,
  );
}
