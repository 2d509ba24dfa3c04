// The simulated repository: a flat map of file paths (relative to the repo root) to contents.
// Directories exist implicitly as prefixes of file paths, like in git.

export class VirtualFs {
  private readonly files: Map<string, string>;

  constructor(files: Readonly<Record<string, string>> | ReadonlyMap<string, string>) {
    this.files = new Map(files instanceof Map ? files : Object.entries(files));
  }

  clone(): VirtualFs {
    return new VirtualFs(this.files);
  }

  /** Normalises user-supplied paths: "./a/b/", "/repo/a/b" and "a//b" all become "a/b"; root is "". */
  static normalize(path: string): string {
    const parts: string[] = [];
    const trimmed = path.trim().replace(/^\/repo(\/|$)/, '');
    for (const part of trimmed.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop();
      else parts.push(part);
    }
    return parts.join('/');
  }

  isFile(path: string): boolean {
    return this.files.has(VirtualFs.normalize(path));
  }

  isDir(path: string): boolean {
    const dir = VirtualFs.normalize(path);
    if (dir === '') return true;
    const prefix = `${dir}/`;
    for (const file of this.files.keys()) if (file.startsWith(prefix)) return true;
    return false;
  }

  read(path: string): string | undefined {
    return this.files.get(VirtualFs.normalize(path));
  }

  write(path: string, content: string): void {
    this.files.set(VirtualFs.normalize(path), content);
  }

  /** Entries directly inside a directory, sorted, sub-directories suffixed with "/". */
  list(path: string): string[] {
    const dir = VirtualFs.normalize(path);
    const prefix = dir === '' ? '' : `${dir}/`;
    const entries = new Set<string>();
    for (const file of this.files.keys()) {
      if (!file.startsWith(prefix)) continue;
      const rest = file.slice(prefix.length);
      const slash = rest.indexOf('/');
      entries.add(slash < 0 ? rest : `${rest.slice(0, slash + 1)}`);
    }
    return [...entries].sort();
  }

  /** Every file at or below a path (a file path returns itself), sorted. */
  filesUnder(path: string): string[] {
    const target = VirtualFs.normalize(path);
    if (this.files.has(target)) return [target];
    const prefix = target === '' ? '' : `${target}/`;
    return [...this.files.keys()].filter((file) => file.startsWith(prefix)).sort();
  }

  /** A snapshot of all files, for comparing states. */
  entries(): [string, string][] {
    return [...this.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}
