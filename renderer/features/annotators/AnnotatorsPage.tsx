// Several annotators (docs/judge.md): who has labeled, and the agreement of any two of them on the
// segments both labeled (raw agreement and Cohen's kappa, per role, confusion counts).
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useApi } from '../../api/useApi';
import { ErrorAlert } from '../../components/ErrorAlert';
import { OptionSelect } from '../../components/OptionSelect';
import { PageHeader } from '../../components/PageHeader';
import { useAnnotator } from '../../hooks/useAnnotator';
import { AgreementView } from './AgreementView';

export function AnnotatorsPage() {
  const [me] = useAnnotator();
  const listed = useApi('listAnnotators', {});
  const annotators = listed.data?.annotators ?? [];
  const names = annotators.map((a) => a.name);
  const options = annotators.map((annotator) => ({
    value: annotator.name,
    label: `${annotator.name} (${annotator.labels} segments)`,
  }));
  const [pickedA, setA] = useState<string | null>(null);
  const [pickedB, setB] = useState<string | null>(null);
  // By default: this app's annotator (if they labeled) against the first other one.
  const a = pickedA ?? (names.includes(me) ? me : names[0]);
  const b = pickedB ?? names.find((name) => name !== a);
  const ready = a !== undefined && b !== undefined && a !== b;
  const agreement = useApi('getAnnotatorAgreement', { a: a ?? '', b: b ?? '' }, { enabled: ready });

  return (
    <Box>
      <PageHeader
        overline="Labels"
        title="Annotators"
        subtitle={`You label as ${me} (change it in the top bar). Agreement is measured on the action segments both annotators labeled, with each one's newest label.`}
      />
      {listed.error !== undefined && (
        <ErrorAlert
          error={listed.error}
          title="Could not load the annotators"
          onRetry={listed.reload}
        />
      )}
      {listed.data === undefined ? (
        listed.error === undefined && <Skeleton variant="rectangular" height={160} />
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="annotator-agreement">
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
            <OptionSelect
              label="Reference annotator"
              value={a ?? ''}
              options={options}
              onChange={setA}
              testId="agreement-a"
              sx={{ minWidth: 220 }}
            />
            <OptionSelect
              label="Compared annotator"
              value={b ?? ''}
              options={options}
              onChange={setB}
              testId="agreement-b"
              sx={{ minWidth: 220 }}
            />
          </Box>
          {annotators.length < 2 ? (
            <Typography sx={{ color: 'text.secondary' }} data-testid="agreement-empty">
              {annotators.length === 0
                ? 'Nobody has set a human label yet.'
                : `Only ${annotators[0]?.name} has labeled so far; agreement needs a second annotator.`}
            </Typography>
          ) : !ready ? (
            <Typography sx={{ color: 'text.secondary' }}>Pick two different annotators.</Typography>
          ) : agreement.error !== undefined ? (
            <ErrorAlert error={agreement.error} title="Could not compute the agreement" />
          ) : agreement.data === undefined ? (
            <Skeleton variant="rectangular" height={160} />
          ) : (
            <AgreementView report={agreement.data} a={a} b={b} />
          )}
        </Paper>
      )}
    </Box>
  );
}
