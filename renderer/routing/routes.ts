// Hash routes and deep links (docs/cli.md). Ids may contain ':' and '/', so they are
// URL-encoded in links and decoded here.
import {
  decodeFilterQuery,
  encodeFilterQuery,
  type TrajectoryFilter,
} from '../../shared/trajectory-filter';

export type Route =
  | { name: 'datasets' }
  | { name: 'dataset'; id: string }
  | { name: 'trajectories'; filter?: TrajectoryFilter }
  | { name: 'charts'; filter?: TrajectoryFilter }
  | { name: 'trajectory'; id: string; turn?: number }
  | { name: 'group'; id: string }
  | { name: 'diff'; a: string; b: string }
  | { name: 'review' }
  | { name: 'judge' }
  | { name: 'prompts' }
  | { name: 'annotators' }
  | { name: 'sql' }
  | { name: 'export'; filter?: TrajectoryFilter }
  | { name: 'not-found'; path: string };

const STATIC: Record<string, Route> = {
  '': { name: 'datasets' },
  datasets: { name: 'datasets' },
  trajectories: { name: 'trajectories' },
  charts: { name: 'charts' },
  review: { name: 'review' },
  judge: { name: 'judge' },
  prompts: { name: 'prompts' },
  annotators: { name: 'annotators' },
  sql: { name: 'sql' },
  export: { name: 'export' },
};

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed escape: take the id literally rather than failing the route
  }
}

/** Parses `#/dataset/<id>` and friends; accepts the hash with or without the leading '#'. */
export function parseRoute(hash: string): Route {
  // `#/trajectories?outcome=failure&tasks=...` (and charts, export): a page over a filter, in the
  // shared encoding of shared/trajectory-filter.ts.
  const filtered = /^#?\/*(trajectories|charts|export)\/*[?](.*)$/.exec(hash);
  if (filtered !== null) {
    const name = filtered[1] as 'trajectories' | 'charts' | 'export';
    return { name, filter: decodeFilterQuery(filtered[2] ?? '') };
  }
  const path = hash
    .replace(/^#/, '')
    .replace(/^\/+/, '')
    .replace(/[?].*$/, '');
  const fixed = STATIC[path.replace(/\/+$/, '')];
  if (fixed !== undefined) return fixed;
  const slash = path.indexOf('/');
  if (slash > 0) {
    const head = path.slice(0, slash);
    // Everything after the first '/' is the id, so a hand-typed unencoded '/' still works.
    const id = decode(path.slice(slash + 1));
    // `#/diff/<a>/<b>`: two encoded ids, so here the '/' between them is the separator.
    const pair = path.slice(slash + 1).split('/');
    if (head === 'diff' && pair.length === 2 && pair[0] !== '' && pair[1] !== '') {
      return { name: 'diff', a: decode(pair[0] ?? ''), b: decode(pair[1] ?? '') };
    }
    if (id !== '' && head === 'trajectory') {
      const turn = turnParam(hash);
      return turn === undefined ? { name: head, id } : { name: head, id, turn };
    }
    if (id !== '' && (head === 'dataset' || head === 'group')) return { name: head, id };
  }
  return { name: 'not-found', path: decode(path) };
}

/** `?turn=N` on a trajectory link: a non-negative integer, anything else is ignored. */
function turnParam(hash: string): number | undefined {
  const match = /[?&]turn=([0-9]+)(?:&|$)/.exec(hash);
  if (match?.[1] === undefined) return undefined;
  const turn = Number(match[1]);
  return Number.isSafeInteger(turn) ? turn : undefined;
}

export const MAX_ROUTE_IDS = 1000;

export function hrefFor(route: Route): string {
  switch (route.name) {
    case 'trajectories':
    case 'charts':
    case 'export': {
      const query = route.filter === undefined ? '' : encodeFilterQuery(route.filter);
      return query === '' ? `#/${route.name}` : `#/${route.name}?${query}`;
    }
    case 'trajectory':
      return `#/trajectory/${encodeURIComponent(route.id)}${route.turn === undefined ? '' : `?turn=${route.turn}`}`;
    case 'dataset':
    case 'group':
      return `#/${route.name}/${encodeURIComponent(route.id)}`;
    case 'diff':
      return `#/diff/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
    case 'not-found':
      return '#/';
    default:
      return `#/${route.name}`;
  }
}

export const datasetHref = (id: string) => hrefFor({ name: 'dataset', id });
export const trajectoryHref = (id: string) => hrefFor({ name: 'trajectory', id });
export const groupHref = (id: string) => hrefFor({ name: 'group', id });
export const diffHref = (a: string, b: string) => hrefFor({ name: 'diff', a, b });
export const explorerHref = (filter: TrajectoryFilter) => hrefFor({ name: 'trajectories', filter });
export const chartsHref = (filter: TrajectoryFilter) => hrefFor({ name: 'charts', filter });
export const exportHref = (filter: TrajectoryFilter) => hrefFor({ name: 'export', filter });

export function navigate(href: string): void {
  window.location.hash = href;
}

/** Like navigate, without a history entry (filters typed letter by letter). */
export function replaceRoute(href: string): void {
  if (window.location.hash === href) return;
  window.location.replace(href);
}
