// The public views users query (the SQL console, `turnwise sql`, export --where): the engine's
// SQL guard allows exactly these relations and the console completes them; the columns only ever
// grow (docs/ARCHITECTURE.md).
export const PUBLIC_VIEWS = [
  'datasets',
  'trajectories',
  'turns',
  'token_logprobs',
  'segments',
  'labels',
  'labels_effective',
  'credit',
  'trajectory_scores',
  'review_items',
  'runs',
  'exports',
] as const;

export type PublicView = (typeof PUBLIC_VIEWS)[number];
