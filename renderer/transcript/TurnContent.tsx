// A turn's text, never as HTML: messages as Markdown (React elements, see MarkdownText) unless
// searched or switched to raw; everything else as plain text, monospace for tool and environment
// output. Long content arrives as a preview; the full text is paged in on request.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Turn } from '../../shared/model';
import { formatCount } from '../components/format';
import { CodeText } from './CodeText';
import { looksLikeCode } from './code-tokens';
import { DiffText } from './DiffText';
import { HighlightedText } from './HighlightedText';
import { RedactedText } from './RedactedText';
import { FoldedLines } from './FoldedLines';
import { rendersMarkdown } from './markdown-turn';
import { MarkdownText } from './MarkdownText';
import { looksLikeDiff, stripAnsi } from './terminal-text';
import { AnsiText } from './AnsiText';
import { fileView } from './file-view';
import { FileViewText } from './FileViewText';
import { tracebackLines } from './traceback';
import { TracebackText } from './TracebackText';
import { hasAnsiColour } from './ansi-segments';
import { JsonTree } from './JsonTree';
import { readOutput } from './tool-output';
import { useFullTurnText } from './useFullTurnText';
import { markdownTextClasses } from './markdown-text-styles';
import { turnCardClasses } from './turn-card-styles';
import { turnContentClasses } from './turn-content-styles';

const c = turnContentClasses;

type Props = {
  trajectoryId: string;
  turn: Turn;
  highlight?: string;
  /** Show the exact stored text instead of Markdown. */
  raw?: boolean;
};

export function TurnContent({ trajectoryId, turn, highlight = '', raw = false }: Props) {
  const full = useFullTurnText(trajectoryId, turn.turn_index);
  const observation = turn.role === 'tool' || turn.role === 'environment';
  const done = full.state.status === 'done';
  const source = full.state.status === 'done' ? full.state.text : turn.content;
  // Terminal colours are shown as colours in observations; elsewhere, and while searching, the
  // escapes are removed so they never show as noise.
  const coloured = observation && highlight === '' && hasAnsiColour(source);
  const stored = coloured ? source : stripAnsi(source);
  // Observations that are JSON wrappers read as their text, other JSON as a tree (issue 18).
  const read = observation ? readOutput(stored) : null;
  const text = read === null ? stored : read.text;
  // A cut preview is not valid JSON, so it reads as text until the full content is loaded.
  const tree = read?.kind === 'json' && highlight === '';
  const truncated = turn.content_truncated && !done;
  if (text === '' && turn.tool_calls.length > 0) return null;

  const classes = [c.content, observation && c.observation, done && c.full];
  // While searching, messages show plain text so the matches can be marked.
  const markdown = !raw && highlight === '' && rendersMarkdown(turn.role, text);
  if (tree) {
    return (
      <div className={classes.filter(Boolean).join(' ')} data-testid="turn-content">
        <JsonTree value={read.value} />
      </div>
    );
  }
  return (
    <>
      {read?.kind === 'text' && read.facts.length > 0 && (
        <div className={c.outputFacts} data-testid="output-facts">
          {read.facts.map((f) => (
            <span key={f.name}>
              {f.name}: {f.value}
            </span>
          ))}
        </div>
      )}
      {markdown ? (
        <div
          className={`${c.content} ${markdownTextClasses.markdown}`}
          data-testid="turn-content"
          data-markdown="true"
        >
          <MarkdownText text={text} />
          {truncated && '…'}
        </div>
      ) : (
        <pre className={classes.filter(Boolean).join(' ')} data-testid="turn-content">
          {raw ? (
            <HighlightedText text={text} query={highlight} />
          ) : observation && highlight === '' ? (
            // While searching, the whole text stays in view so every match is marked.
            <FoldedLines
              text={text}
              render={(t) => (coloured ? <AnsiText text={t} /> : body(t, highlight, observation))}
            />
          ) : (
            body(text, highlight, observation)
          )}
          {truncated && '…'}
        </pre>
      )}
      {text === '' && <span className={turnCardClasses.empty}>(empty)</span>}
      {truncated && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Button
            variant="outlined"
            onClick={() => void full.load()}
            disabled={full.state.status === 'loading'}
            data-testid="turn-show-full"
          >
            Show full content ({formatCount(turn.content_length)} chars)
          </Button>
          {full.state.status === 'loading' && (
            <>
              <CircularProgress size={14} />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatCount(full.state.loaded)} / {formatCount(turn.content_length)}
              </Typography>
            </>
          )}
        </Box>
      )}
      {full.state.status === 'error' && (
        <Alert severity="error" sx={{ mt: 0.5 }}>
          Could not load the full content ({full.state.error.code}): {full.state.error.message}
        </Alert>
      )}
    </>
  );
}

function body(text: string, highlight: string, observation: boolean) {
  const searching = highlight !== '';
  const traceback = !searching && observation ? tracebackLines(text) : null;
  const view = !searching && observation && traceback === null ? fileView(text) : null;
  return looksLikeDiff(text) ? (
    <DiffText text={text} query={highlight} />
  ) : traceback !== null ? (
    <TracebackText text={text} kinds={traceback} />
  ) : view !== null ? (
    <FileViewText view={view} />
  ) : highlight === '' && observation && looksLikeCode(text) ? (
    <CodeText text={text} whole />
  ) : highlight === '' && text.includes('```') ? (
    <CodeText text={text} />
  ) : highlight === '' ? (
    <RedactedText text={text} />
  ) : (
    // While searching, matches are marked instead of code colours.
    <HighlightedText text={text} query={highlight} />
  );
}
