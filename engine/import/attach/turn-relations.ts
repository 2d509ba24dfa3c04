// Where one trajectory's turns live: the tw_turns table for imported datasets, or its single row
// of an attached Parquet file (read with the row filter pushed into the scan, not a full scan).
import { existsSync } from 'node:fs';
import { TurnwiseError } from '../../../shared/result';
import { notFound } from '../../store/require';
import type { Workspace } from '../../store/workspace';
import { quoteText } from './attach-spec';
import { fileRelation, logprobsSelect, turnsSelect } from './attached-sql';
import { AttachmentRow, parseAttachment } from './attached-views';
import { guardAttachment } from './attachment-guard';

export interface TurnRelations {
  turns: string;
  logprobs: string;
}

const IMPORTED: TurnRelations = { turns: 'tw_turns', logprobs: 'tw_token_logprobs' };

export async function turnRelationsFor(
  workspace: Workspace,
  trajectoryId: string,
): Promise<TurnRelations> {
  const [row] = await workspace.queryAs(
    AttachmentRow,
    `SELECT a.dataset_id, a.view_key, a.files::VARCHAR AS files, a.spec::VARCHAR AS spec
     FROM tw_trajectories t JOIN tw_attachments a USING (dataset_id) WHERE t.trajectory_id = $1`,
    [trajectoryId],
  );
  if (!row) return IMPORTED;
  const attachment = await guardAttachment(workspace, parseAttachment(row));
  // Attached ids are "<dataset>:<file index>:<row>" (dataset ids never contain ':').
  const [fileIndex, rowNumber] = trajectoryId.split(':').slice(-2).map(Number);
  const file = attachment.files[fileIndex ?? -1];
  if (file === undefined || rowNumber === undefined || !Number.isInteger(rowNumber)) {
    throw notFound.trajectory(trajectoryId);
  }
  if (!existsSync(file)) {
    throw new TurnwiseError(
      'not_found',
      `${file}: this attached file is missing, so trajectory '${trajectoryId}' cannot be read`,
    );
  }
  const source = { datasetId: attachment.datasetId, spec: attachment.spec };
  const relation = fileRelation(file, fileIndex as number, rowNumber);
  return {
    turns: `(${turnsSelect(source, relation)})`,
    // Rows scored into the workspace, then the file's own lists for the other turns.
    logprobs: `(SELECT trajectory_id, turn_index, token_ids, logp_policy, logp_ref
      FROM tw_token_logprobs WHERE trajectory_id = ${quoteText(trajectoryId)}
      UNION ALL ${logprobsSelect(source, relation)})`,
  };
}
