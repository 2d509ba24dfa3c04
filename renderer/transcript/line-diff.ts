// A line diff of an edit's old and new text (str_replace / edit_file old_str -> new_str), so lines
// the edit keeps read as context instead of as removed and added again. Longest common
// subsequence over lines; edits are small, and past MAX_CELLS the diff falls back to all-removed
// then all-added, which is still correct, only less tidy.
const MAX_CELLS = 250_000;

export function lineDiff(oldText: string, newText: string): string {
  const a = oldText.split('\n');
  const b = newText.split('\n');
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)].join('\n');
  }
  // common[i][j]: the LCS length of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const common = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] =
        a[i] === b[j]
          ? (common[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(common[(i + 1) * width + j] ?? 0, common[i * width + j + 1] ?? 0);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(` ${a[i] ?? ''}`);
      i++;
      j++;
    } else if ((common[(i + 1) * width + j] ?? 0) >= (common[i * width + j + 1] ?? 0)) {
      out.push(`-${a[i++] ?? ''}`);
    } else {
      out.push(`+${b[j++] ?? ''}`);
    }
  }
  while (i < a.length) out.push(`-${a[i++] ?? ''}`);
  while (j < b.length) out.push(`+${b[j++] ?? ''}`);
  return out.join('\n');
}
