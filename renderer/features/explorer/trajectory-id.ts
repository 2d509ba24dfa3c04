// Trajectory ids are `<dataset_id>:<key>` (import/write-dataset.ts); with several datasets the
// shared prefix fills the id column, so the grid shows the key when the dataset is its own column.

/** The id without its `<dataset_id>:` prefix; the whole id when it does not start with one. */
export function shortTrajectoryId(trajectoryId: string, datasetId: string): string {
  const prefix = `${datasetId}:`;
  return datasetId !== '' && trajectoryId.startsWith(prefix) && trajectoryId.length > prefix.length
    ? trajectoryId.slice(prefix.length)
    : trajectoryId;
}
