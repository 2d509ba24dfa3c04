// A finished import: the datasets made (with links), then what was left out: files that are not
// trajectories or not of the format, bad records skipped, and content readers dropped from records
// they imported.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { ImportSummary } from '../../../shared/model';
import { AppLink } from '../../components/AppLink';

const LISTED = 200;

function datasetLink(id: string, onOpen: () => void): ReactNode {
  return (
    <AppLink href={`#/dataset/${encodeURIComponent(id)}`} onClick={onOpen}>
      <b>{id}</b>
    </AppLink>
  );
}

function Listed({ items, testId }: { items: { key: string; text: ReactNode }[]; testId: string }) {
  return (
    <Box component="ul" data-testid={testId} sx={{ m: 0, pl: 2, maxHeight: 160, overflow: 'auto' }}>
      {items.slice(0, LISTED).map((item) => (
        <li key={item.key}>{item.text}</li>
      ))}
      {items.length > LISTED && <li>… and {items.length - LISTED} more</li>}
    </Box>
  );
}

type Props = { summary: ImportSummary; attached: boolean; onOpenDataset: () => void };

export function ImportResult({ summary, attached, onOpenDataset }: Props) {
  const verb = attached ? 'Attached' : 'Imported';
  const several = summary.datasets.length > 1;
  const located = (file: string, line: number) => (
    <code>
      {file}:{line}
    </code>
  );
  return (
    <Box data-testid="import-done">
      <Alert severity="success">
        {verb} {summary.trajectories} trajectories ({summary.turns} turns, {summary.actions}{' '}
        actions)
        {several ? (
          <>
            {' '}
            into {summary.datasets.length} datasets, one per format, in {summary.seconds.toFixed(1)}{' '}
            s:
            <Listed
              testId="import-datasets"
              items={summary.datasets.map((made) => ({
                key: made.dataset,
                text: (
                  <>
                    {datasetLink(made.dataset, onOpenDataset)} ({made.format}): {made.files} file
                    {made.files === 1 ? '' : 's'}, {made.trajectories} trajectories
                  </>
                ),
              }))}
            />
          </>
        ) : (
          <>
            {' '}
            as dataset <b>{summary.dataset}</b> ({summary.format}) in {summary.seconds.toFixed(1)}{' '}
            s.
          </>
        )}
        {summary.secrets_redacted > 0 &&
          ` ${summary.secrets_redacted} secrets were redacted; the dataset page lists them.`}
        {summary.secrets === 'kept' &&
          ' Secrets were kept as they are; exports redact them unless told to keep them.'}
        {summary.datasets
          .filter((made) => made.replaced === true)
          .map((made) => ` It replaced dataset ${made.dataset}, the same content redacted.`)
          .join('')}
      </Alert>
      {summary.skipped_files.length > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {summary.skipped_files.length} file
          {summary.skipped_files.length === 1 ? ' was' : 's were'} left out:
          <Listed
            testId="import-skipped-files"
            items={summary.skipped_files.map((skipped) => ({
              key: skipped.file,
              text: (
                <>
                  <code>{skipped.file}</code>: {skipped.reason}
                </>
              ),
            }))}
          />
        </Alert>
      )}
      {summary.skipped.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {summary.skipped.length} bad records were skipped:
          <Listed
            testId="import-skipped"
            items={summary.skipped.map((bad) => ({
              key: `${bad.file}:${bad.line}`,
              text: (
                <>
                  {located(bad.file, bad.line)}: {bad.reason}
                </>
              ),
            }))}
          />
        </Alert>
      )}
      {summary.dropped.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Content left out of imported records ({summary.dropped.length} notes):
          <Listed
            testId="import-dropped"
            items={summary.dropped.map((note, i) => ({
              key: `${note.file}:${note.line}:${i}`,
              text: (
                <>
                  {located(note.file, note.line)}: {note.reason}
                </>
              ),
            }))}
          />
        </Alert>
      )}
    </Box>
  );
}
