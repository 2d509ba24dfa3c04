// What an agent knows about the repository's layout: files and directories it has seen named,
// directories it has listed, files it has read. Built only from observations.

/** The file content shown by read_file, without its line-number gutter; null for an error. */
export function contentOfRead(observation: string): string | null {
  if (/^read_file: /.test(observation)) return null;
  return observation
    .split('\n')
    .map((line) => line.replace(/^\s*\d+\t/, ''))
    .join('\n');
}

/** File paths mentioned in free text (test reports, tracebacks, grep output). */
export function pathsIn(observation: string): string[] {
  const found = new Set<string>();
  for (const match of observation.matchAll(/(?:^|[\s'"(])((?:[\w.-]+\/)+[\w.-]+\.\w+)/gm)) {
    found.add(match[1] as string);
  }
  return [...found];
}

export class RepoMap {
  readonly files = new Set<string>();
  readonly dirs = new Set<string>(['']);
  readonly listed = new Set<string>();
  readonly read = new Set<string>();

  /** Records a path; a trailing "/" marks a directory. Parent directories become known too. */
  add(path: string): void {
    if (path.endsWith('/')) {
      this.dirs.add(path.slice(0, -1));
      return;
    }
    this.files.add(path);
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i += 1) this.dirs.add(parts.slice(0, i).join('/'));
  }

  absorbListing(dir: string, observation: string): void {
    if (observation.startsWith('list_dir:')) return;
    this.listed.add(dir);
    const prefix = dir === '' ? '' : `${dir}/`;
    for (const entry of observation.split('\n')) {
      if (entry.length > 0 && !entry.includes(' ')) this.add(`${prefix}${entry}`);
    }
  }

  /** Learns the paths of `path:line:text` grep hits. */
  absorbGrep(observation: string): void {
    for (const line of observation.split('\n')) {
      const match = /^([^:\s]+):\d+:/.exec(line);
      if (match !== null) this.add(match[1] as string);
    }
  }

  /** Records a successful read; returns the file content, or null if the read failed. */
  absorbRead(path: string, observation: string): string | null {
    const content = contentOfRead(observation);
    if (content === null) return null;
    this.add(path);
    this.read.add(path);
    return content;
  }

  /** Directories the agent knows about but has not listed yet. */
  unlistedDirs(): string[] {
    return [...this.dirs].filter((dir) => !this.listed.has(dir));
  }

  unreadFiles(): string[] {
    return [...this.files].filter((path) => !this.read.has(path));
  }
}
