// tau2-bench full-duplex (voice) simulations record ticks, not messages: in each tick
// (tau2 data_model/message.py Tick) the agent and the user each send one chunk, which carries
// speech or silence, and either side may call tools and get their results. The conversation is
// rebuilt from them: the ticks one side speaks in without a break are one utterance (one turn),
// tool calls and results are turns at their tick, and turns are ordered by the tick they start,
// so an interruption (both speaking at once) shows as two utterances that overlap in ticks.
import { plainTurn, RecordError, type CanonicalTurn } from '../../chat/canonical';
import { isRecord } from '../../chat/openai-messages';
import { tau2MessageTurns } from './tau-bench-tau2';

type Speaker = 'agent' | 'user';

interface Utterance {
  speaker: Speaker;
  seq: number;
  first: number;
  last: number;
  text: string[];
  /** What the agent heard of the user (tau2's proportional user_transcript). */
  transcript: string[];
}

interface Placed {
  tick: number;
  /** Creation order, so a tick's speech (opened first) comes before its tool calls. */
  seq: number;
  turn: CanonicalTurn;
}

const CHUNK: Record<Speaker, string> = { agent: 'agent_chunk', user: 'user_chunk' };

function chunkSpeech(tick: Record<string, unknown>, speaker: Speaker, at: string) {
  const chunk = tick[CHUNK[speaker]];
  if (chunk === null || chunk === undefined) return null;
  if (!isRecord(chunk)) throw new RecordError(`${at}.${CHUNK[speaker]}: expected an object`);
  const text = typeof chunk.content === 'string' ? chunk.content : '';
  // A chunk speaks when tau2 says so, or when it carries text (a text-streaming participant).
  return chunk.contains_speech === true || text !== '' ? text : null;
}

function utteranceTurn(utterance: Utterance): CanonicalTurn {
  const role = utterance.speaker === 'agent' ? 'assistant' : 'user';
  const turn = plainTurn(role, utterance.text.join(''));
  const metadata: Record<string, unknown> = {
    first_tick: utterance.first,
    last_tick: utterance.last,
  };
  if (utterance.transcript.length > 0) metadata.user_transcript = utterance.transcript.join(' ');
  turn.metadata = metadata;
  return turn;
}

function toolTurns(
  tick: Record<string, unknown>,
  speaker: Speaker,
  tickId: number,
  at: string,
): CanonicalTurn[] {
  const role = speaker === 'agent' ? 'assistant' : 'user';
  const calls = tick[`${speaker}_tool_calls`];
  const results = tick[`${speaker}_tool_results`];
  const turns: CanonicalTurn[] = [];
  if (Array.isArray(calls) && calls.length > 0) {
    // The calls as tau2's get_all_messages makes them: one message of the tick's speaker.
    const message = { role, content: null, tool_calls: calls };
    turns.push(...tau2MessageTurns(message, `${at}.${speaker}_tool_calls`));
  }
  if (Array.isArray(results)) {
    results.forEach((result, index) => {
      turns.push(...tau2MessageTurns(result, `${at}.${speaker}_tool_results[${index}]`));
    });
  }
  for (const turn of turns) turn.metadata = { ...turn.metadata, tick: tickId };
  return turns;
}

/** The turns of a full-duplex simulation's ticks, ordered by the tick each starts in. */
export function tau2TickTurns(ticks: unknown[]): CanonicalTurn[] {
  const placed: Placed[] = [];
  const open = new Map<Speaker, Utterance>();
  let seq = 0;
  const close = (speaker: Speaker) => {
    const utterance = open.get(speaker);
    if (utterance === undefined) return;
    placed.push({ tick: utterance.first, seq: utterance.seq, turn: utteranceTurn(utterance) });
    open.delete(speaker);
  };
  ticks.forEach((raw, index) => {
    const at = `ticks[${index}]`;
    if (!isRecord(raw)) throw new RecordError(`${at}: expected a tick object`);
    const tickId = typeof raw.tick_id === 'number' ? raw.tick_id : index;
    for (const speaker of ['agent', 'user'] as const) {
      const speech = chunkSpeech(raw, speaker, at);
      if (speech === null) {
        close(speaker);
      } else {
        const utterance = open.get(speaker) ?? {
          speaker,
          seq: seq++,
          first: tickId,
          last: tickId,
          text: [],
          transcript: [],
        };
        utterance.last = tickId;
        if (speech !== '') utterance.text.push(speech);
        if (speaker === 'user' && typeof raw.user_transcript === 'string') {
          utterance.transcript.push(raw.user_transcript);
        }
        open.set(speaker, utterance);
      }
      for (const turn of toolTurns(raw, speaker, tickId, at)) {
        placed.push({ tick: tickId, seq: seq++, turn });
      }
    }
  });
  close('agent');
  close('user');
  return placed.sort((a, b) => a.tick - b.tick || a.seq - b.seq).map(({ turn }) => turn);
}
