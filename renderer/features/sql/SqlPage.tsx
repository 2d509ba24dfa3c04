// `#/sql`: read-only DuckDB SQL over the documented views, with completion, a virtualized result
// grid, a chart, a trajectory filter and a history of recent queries.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatCount } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { usePersistentState } from '../../hooks/usePersistentState';
import { EXAMPLE_QUERIES } from './example-queries';
import { PUBLIC_VIEWS } from './sql-catalog';
import { SqlEditor } from './SqlEditor';
import { SqlExamples } from './SqlExamples';
import { SqlHistory } from './SqlHistory';
import { SqlLimitsControl } from './SqlLimitsControl';
import { SqlResultView } from './SqlResultView';
import { useSqlCatalog } from './useSqlCatalog';
import { useSqlHistory } from './useSqlHistory';
import { useSqlRun } from './useSqlRun';

const MAX_ROWS = 1000;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function SqlPage() {
  useSqlCatalog();
  const history = useSqlHistory();
  const [sql, setSql] = usePersistentState('sql', EXAMPLE_QUERIES[0]?.sql ?? '');
  const { running, outcome, run: runQuery, cancel } = useSqlRun(MAX_ROWS);

  async function run(text: string) {
    if (text.trim() === '') return;
    const succeeded = await runQuery(text);
    if (succeeded !== null) history.add(text, succeeded);
  }
  const load = (text: string) => {
    setSql(() => text);
    void run(text);
  };

  return (
    <>
      <PageHeader
        title="SQL"
        subtitle={
          <>
            Read-only DuckDB SQL over the views{' '}
            {PUBLIC_VIEWS.map((view, i) => (
              <span key={view}>
                {i > 0 && ', '}
                <code>{view}</code>
              </span>
            ))}
            . Only queries run; anything that would change the workspace or read files outside it is
            refused. Each query has a time limit and a result size limit.
          </>
        }
      />
      <SqlExamples onPick={(example) => load(example.sql)} />
      <SqlEditor value={sql} onChange={(text) => setSql(() => text)} onRun={() => void run(sql)} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, my: 1.5 }}>
        <Button
          variant="contained"
          startIcon={running ? <CircularProgress size={14} color="inherit" /> : <PlayArrow />}
          onClick={() => void run(sql)}
          disabled={running || sql.trim() === ''}
          data-testid="sql-run"
        >
          Run
        </Button>
        {running && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<Stop />}
            onClick={cancel}
            data-testid="sql-cancel"
          >
            Cancel
          </Button>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {isMac ? '⌘' : 'Ctrl'}+Enter
        </Typography>
        <SqlHistory entries={history.entries} onPick={load} onClear={history.clear} />
        <SqlLimitsControl />
        <Box sx={{ flex: 1 }} />
        {outcome?.ok === true && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="sql-row-count">
            {formatCount(outcome.value.rows.length)} row{outcome.value.rows.length === 1 ? '' : 's'}
            {outcome.value.cut_by === 'rows' &&
              ` (truncated to the first ${formatCount(MAX_ROWS)})`}
            {outcome.value.cut_by === 'bytes' &&
              ` (result cut at ${Math.round(outcome.value.max_bytes / 2 ** 20)} MB)`}{' '}
            · {Math.round(outcome.ms)} ms
          </Typography>
        )}
      </Box>
      {outcome !== null &&
        (outcome.ok ? (
          <SqlResultView result={outcome.value} />
        ) : (
          <ErrorAlert error={outcome.error} title="Query failed" />
        ))}
    </>
  );
}
