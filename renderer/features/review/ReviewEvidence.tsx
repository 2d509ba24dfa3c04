// The other signals on the item at queueing time: the label of each source (with confidence),
// the trajectory's outcome, the segment's credit and the predicted failure step.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { OutcomeChip } from '../../components/OutcomeChip';
import { formatReward } from '../../components/format';
import { roleInfo } from '../../components/role-labels';
import { EVIDENCE_SOURCES, formatSigned, type Evidence } from './review-evidence';
import { turnName } from '../../components/step-names';

const SOURCE_NAMES = {
  in_force: 'in force',
  human: 'human',
  judge: 'judge',
  heuristic: 'heuristic',
} as const;

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: 0.75,
  columnGap: 2,
  alignContent: 'start',
} as const;

function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {name}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
        {children}
      </Box>
    </>
  );
}

export function ReviewEvidence({ evidence }: { evidence: Evidence }) {
  const credit = evidence.credit;
  return (
    <Box
      data-testid="review-evidence"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}
    >
      <Box sx={GRID} aria-label="Labels by source">
        {EVIDENCE_SOURCES.map((source) => {
          const label = evidence.labels?.[source];
          return (
            <Row key={source} name={SOURCE_NAMES[source]}>
              {label == null ? (
                <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                  none
                </Typography>
              ) : (
                <>
                  <Chip
                    size="small"
                    color={roleInfo(label.label).color}
                    variant={source === 'human' ? 'filled' : 'outlined'}
                    label={roleInfo(label.label).name}
                    data-testid={`evidence-${source}`}
                    data-role-label={label.label}
                  />
                  {label.confidence != null && (
                    <Typography variant="body2">conf. {label.confidence.toFixed(2)}</Typography>
                  )}
                  <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                    {label.source}
                  </Typography>
                </>
              )}
            </Row>
          );
        })}
      </Box>
      <Box sx={GRID} aria-label="Outcome and credit">
        <Row name="outcome">
          <OutcomeChip success={evidence.success ?? null} />
          <Typography variant="body2">reward {formatReward(evidence.reward)}</Typography>
        </Row>
        <Row name="credit">
          {credit == null ? (
            <Typography variant="body2" sx={{ color: 'text.disabled' }}>
              not computed
            </Typography>
          ) : (
            <Typography variant="body2" data-testid="evidence-credit">
              total {formatSigned(credit.total)} · outcome adv.{' '}
              {formatSigned(credit.outcome_advantage)} · role bonus{' '}
              {formatSigned(credit.role_bonus)}
              {credit.progress_advantage == null
                ? ''
                : ` · progress adv. ${formatSigned(credit.progress_advantage)}`}
              {credit.sign_flipped === true ? ' · sign flipped' : ''}
            </Typography>
          )}
        </Row>
        <Row name="predicted failure">
          <Typography variant="body2" data-testid="evidence-failure-step">
            {evidence.failure_step == null ? '—' : turnName(evidence.failure_step)}
          </Typography>
        </Row>
      </Box>
    </Box>
  );
}
