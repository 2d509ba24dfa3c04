// How every view names steps and turns (docs/ARCHITECTURE.md, "Step and turn numbers"): the
// stored indices, from 0, as SQL and exports have them. "Step N" is segment_index N; "turn T" is
// turn_index T (a turn card's "#T"). "#" never names a step.

export function stepName(segmentIndex: number): string {
  return `Step ${segmentIndex}`;
}

export function turnName(turnIndex: number): string {
  return `turn ${turnIndex}`;
}

/** A step's turns: "turn 4", or "turns 4–6". */
export function turnSpanName(start: number, end: number): string {
  return start === end ? turnName(start) : `turns ${start}–${end}`;
}
