// On opening a workspace: attached files may have moved or come back since it was last open.
import type { Workspace } from '../store/workspace';
import { guardAttachment } from './attachment-guard';
import { ATTACHMENTS_SQL, parseAttachment, refreshAttachedViews } from './attached-views';

/** Rebuilds the union views over the attachments whose files exist; returns those left out. */
export async function refreshAttachments(workspace: Workspace): Promise<string[]> {
  const attachments = (await workspace.query(ATTACHMENTS_SQL)).map(parseAttachment);
  if (attachments.length === 0) return [];
  for (const attachment of attachments) await guardAttachment(workspace, attachment);
  return refreshAttachedViews((sql) => workspace.run(sql), attachments);
}
