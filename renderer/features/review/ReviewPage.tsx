// `#/review`: the review queue, built for speed. Left, the queue under a status and rule filter
// with progress and each rule's precision so far; right, the current item with its evidence and trajectory context. Everything is
// on the keyboard (see review-shortcuts.ts): a decision is sent at once and the screen moves to
// the next pending item; "u" undoes.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoleLabel } from '../../../shared/model';
import { useApi } from '../../api/useApi';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { useAnnotator } from '../../hooks/useAnnotator';
import { navigate } from '../../routing/routes';
import { FillQueueButton } from './FillQueueButton';
import { nextPending } from './review-labels';
import { ReviewItemPanel, itemHref } from './ReviewItemPanel';
import { ReviewNoteField } from './ReviewNoteField';
import { ReviewQueueFilters } from './ReviewQueueFilters';
import { ReviewQueueList } from './ReviewQueueList';
import { PRECISION_ROW_HEIGHT, ReviewRulePrecision } from './ReviewRulePrecision';
import { ReviewShortcutSheet } from './ReviewShortcutSheet';
import { type Decision, useReviewDecisions } from './useReviewDecisions';
import { useReviewKeys } from './useReviewKeys';
import { type ReviewFilter, useReviewQueue } from './useReviewQueue';

/** The queue list fills the window below the header and filters. */
function useListHeight(): number {
  const [height, setHeight] = useState(() => Math.max(240, window.innerHeight - 280));
  useEffect(() => {
    const onResize = () => setHeight(Math.max(240, window.innerHeight - 280));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

export function ReviewPage() {
  const [by] = useAnnotator();
  const [filter, setFilter] = useState<ReviewFilter>({ status: 'pending', rule: 'all' });
  const queue = useReviewQueue(filter);
  const ruleStats = useApi('getReviewRuleStats', {}).data?.rules ?? [];
  // The precision table (a header and a row per rule with items) takes room from the list.
  const ruleRows = ruleStats.filter((row) => row.queued > 0).length;
  const precisionHeight = ruleRows === 0 ? 0 : (ruleRows + 1) * PRECISION_ROW_HEIGHT + 12;
  const decisions = useReviewDecisions(by, queue.apply);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteOpen, setNoteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const noteRef = useRef<HTMLInputElement>(null);
  // Items whose decision is on its way: not "pending" for auto-advance.
  const sent = useRef(new Set<string>());
  const listHeight = useListHeight();

  const items = queue.items ?? [];
  const found = items.findIndex((item) => item.item_id === selectedId);
  const index = found === -1 ? 0 : found;
  const current = items[index];

  const select = useCallback(
    (position: number) => {
      setSelectedId((id) => queue.items?.[position]?.item_id ?? id);
    },
    [queue.items],
  );

  const changeFilter = (next: ReviewFilter) => {
    setFilter(next);
    setSelectedId(null);
  };

  const decide = (decision: Decision, label?: RoleLabel) => {
    if (current === undefined) return;
    setMessage(null);
    if (decision === 'approve' && current.proposed === null) {
      decisions.setHint('Nothing is proposed for this item: relabel it with 1–4, or reject it.');
      return;
    }
    // Choosing the proposed label is approving it.
    const kind = decision === 'relabel' && label === current.proposed ? 'approve' : decision;
    const id = current.item_id;
    sent.current.add(id);
    void decisions
      .decide(current, kind, kind === 'relabel' ? label : undefined, note)
      .then((done) => {
        sent.current.delete(id);
        if (done === null) setSelectedId(id);
      });
    setNote('');
    setNoteOpen(false);
    const next = nextPending(items, index, sent.current);
    if (next === null) setMessage('Nothing else is pending under this filter.');
    else setSelectedId(items[next]?.item_id ?? null);
  };

  const undo = () => {
    setMessage(null);
    void decisions.undo(current).then((item) => {
      if (item !== null) setSelectedId(item.item_id);
    });
  };

  const openNote = () => {
    setNoteOpen(true);
    window.setTimeout(() => noteRef.current?.focus(), 0);
  };

  useReviewKeys(
    {
      approve: () => decide('approve'),
      reject: () => decide('reject'),
      relabel: (role) => decide('relabel', role),
      note: openNote,
      undo,
      move: (delta) => select(Math.min(items.length - 1, Math.max(0, index + delta))),
      open: () => {
        if (current !== undefined) navigate(itemHref(current));
      },
      help: () => setHelpOpen(true),
    },
    !helpOpen,
  );

  return (
    <>
      <PageHeader
        title="Review"
        subtitle={`Counterexample candidates found by the queue rules, or added by hand. Deciding as ${by}.`}
        actions={
          <>
            <Button onClick={() => setHelpOpen(true)} data-testid="review-help">
              Shortcuts (?)
            </Button>
            <FillQueueButton
              onDone={(text) => {
                setMessage(text);
                queue.reload();
              }}
            />
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '340px minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Paper sx={{ p: 1.5, display: 'grid', gap: 1.5, position: { md: 'sticky' }, top: 64 }}>
          <ReviewQueueFilters filter={filter} counts={queue.counts} onChange={changeFilter} />
          <ReviewRulePrecision rules={ruleStats} />
          {queue.items !== undefined && (
            <ReviewQueueList
              items={items}
              selected={index}
              onSelect={select}
              hasMore={queue.hasMore}
              onNearEnd={queue.loadMore}
              height={Math.min(
                Math.max(160, listHeight - precisionHeight),
                Math.max(1, items.length) * 64,
              )}
            />
          )}
        </Paper>
        <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
          {decisions.error !== null && (
            <ErrorAlert error={decisions.error.error} title={decisions.error.title} />
          )}
          {(decisions.hint ?? message) !== null && (
            <Alert
              severity="info"
              data-testid="review-message"
              onClose={() => {
                decisions.setHint(null);
                setMessage(null);
              }}
            >
              {decisions.hint ?? message}
            </Alert>
          )}
          {queue.error !== undefined ? (
            <ErrorAlert
              error={queue.error}
              title="Could not list the queue"
              onRetry={queue.reload}
            />
          ) : queue.items === undefined ? (
            <Skeleton variant="rounded" height={320} />
          ) : current === undefined ? (
            <Paper>
              <EmptyState icon={<FactCheckOutlined />} title="Nothing here to review">
                <Typography component="p" variant="body2" sx={{ m: 0 }}>
                  No queue items match this filter. Fill the queue to apply the rules (regression in
                  a success, decisive progress in a failure, disagreeing labels, low judge
                  confidence, a failure step in a success, a credit sign flip), or add a segment
                  from the trajectory view.
                </Typography>
              </EmptyState>
            </Paper>
          ) : (
            <ReviewItemPanel
              item={current}
              onApprove={() => decide('approve')}
              onReject={() => decide('reject')}
              onRelabel={(role) => decide('relabel', role)}
              onUndo={undo}
              note={
                noteOpen && (
                  <ReviewNoteField
                    inputRef={noteRef}
                    value={note}
                    onChange={setNote}
                    onClose={() => setNoteOpen(false)}
                  />
                )
              }
            />
          )}
        </Box>
      </Box>
      <ReviewShortcutSheet open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
