// The prompt versions as a tree by parent links, the one in use marked, each with its latest
// evaluation; selecting one shows it in the editor.
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JudgePrompt } from '../../../../shared/api-judge';
import { formatDateTime } from '../../../components/format';
import { MONO_FONT } from '../../../theme/theme';
import { PromptEvalSummary } from './PromptEvalSummary';
import { promptTree } from './prompt-tree';
import type { PromptVersions } from './usePromptVersions';

type Props = {
  prompts: JudgePrompt[];
  activeVersion: string | undefined;
  evals: PromptVersions['evals'];
  selected: string | null;
  onSelect: (versionId: string) => void;
};

export function PromptVersionList({ prompts, activeVersion, evals, selected, onSelect }: Props) {
  return (
    <List dense aria-label="Prompt versions" sx={{ py: 0 }}>
      {promptTree(prompts).map(({ prompt, depth }) => {
        const inUse = prompt.version_id === activeVersion;
        return (
          <ListItemButton
            key={prompt.version_id}
            selected={prompt.version_id === selected}
            onClick={() => onSelect(prompt.version_id)}
            data-testid="prompt-version"
            data-version={prompt.version_id}
            data-active={inUse ? 'true' : 'false'}
            sx={{ pl: 1 + depth * 2.5, borderRadius: 1, alignItems: 'flex-start' }}
          >
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {depth > 0 && (
                  <Typography component="span" sx={{ color: 'text.disabled' }} aria-hidden>
                    └
                  </Typography>
                )}
                <Typography
                  component="span"
                  sx={{ fontFamily: MONO_FONT, fontSize: 13, wordBreak: 'break-all' }}
                >
                  {prompt.version_id}
                </Typography>
                {inUse && <Chip label="in use" size="small" color="success" />}
              </Box>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {formatDateTime(prompt.created_at)}
                {prompt.parent_version === null ? '' : ` · from ${prompt.parent_version}`}
              </Typography>
              <PromptEvalSummary evaluation={evals.get(prompt.version_id)} compact />
            </Box>
          </ListItemButton>
        );
      })}
    </List>
  );
}
