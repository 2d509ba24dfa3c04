// A small deterministic stand-in for a BPE tokenizer: GPT-2-style pre-tokenisation (words carry
// their leading space), long words cut into sub-word chunks, ids from a hash of the piece. The same
// text always yields the same ids, which is all the demo's log-prob arrays need.

import { hashText } from './random';

export const VOCAB_SIZE = 50_000;
const MAX_WORD_PIECE = 6;
const MAX_DIGIT_PIECE = 3;

const PRE_TOKEN = / ?[A-Za-z]+| ?\d+| ?[^\sA-Za-z\d]+|\s+(?!\S)|\s+/g;

/** Cuts a run into chunks of at most `size` characters, keeping a leading space on the first. */
function chunk(piece: string, size: number): string[] {
  const lead = piece.startsWith(' ') ? 1 : 0;
  const pieces: string[] = [];
  let start = 0;
  while (start < piece.length) {
    const end = start === 0 ? size + lead : start + size;
    pieces.push(piece.slice(start, end));
    start = end;
  }
  return pieces;
}

/** Splits text into token pieces; joining them gives the text back. */
export function tokenize(text: string): string[] {
  const pieces: string[] = [];
  for (const match of text.matchAll(PRE_TOKEN)) {
    const piece = match[0];
    if (/^ ?[A-Za-z]+$/.test(piece)) pieces.push(...chunk(piece, MAX_WORD_PIECE));
    else if (/^ ?\d+$/.test(piece)) pieces.push(...chunk(piece, MAX_DIGIT_PIECE));
    else if (/^ ?[^\sA-Za-z\d]+$/.test(piece)) pieces.push(...chunk(piece, 2));
    else pieces.push(piece);
  }
  return pieces;
}

export function tokenId(piece: string): number {
  return hashText(piece) % VOCAB_SIZE;
}

export function encode(text: string): number[] {
  return tokenize(text).map(tokenId);
}

/** Whitespace and punctuation are near-certain continuations for a language model. */
export function isFunctionPiece(piece: string): boolean {
  return (
    /^\s*$/.test(piece) ||
    /^ ?[^A-Za-z\d]+$/.test(piece) ||
    /^ ?(the|a|to|of|and|is|in)$/.test(piece)
  );
}
