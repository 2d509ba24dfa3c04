// Hash routes and deep links (docs/cli.md). Ids may contain ':' and '/', so they are
// URL-encoded in links and decoded here.
import { TASK_SCOPES, type TaskScope } from '../../shared/api-compare';
import {
  decodeFilterQuery,
  encodeFilterQuery,
  type TrajectoryFilter,
} from '../../shared/trajectory-filter';

/** The explorer's filter without its datasets: on the compare page the runs pick the datasets. */
export type CompareFilter = Omit<TrajectoryFilter, 'dataset_id' | 'dataset_ids'>;

/** The compare page's state: the runs in the link (A, B, more), the task scope and the filter. */
export type CompareRouteState = { runs?: string[]; scope?: TaskScope; filter?: CompareFilter };

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
  | { name: 'runs' }
  | ({ name: 'compare' } & CompareRouteState)
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
  runs: { name: 'runs' },
  compare: { name: 'compare' },
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
  const compare = /^#?\/*compare\/*[?](.*)$/.exec(hash);
  if (compare !== null) return { name: 'compare', ...decodeCompareQuery(compare[1] ?? '') };
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

/** Runs a compare link may name: A, B and a few more for the overview table. */
export const MAX_COMPARE_RUNS = 20;

/**
 * `runs=a,b[,c]&scope=trained&<filter>`: `runs` is a comma list of URL-encoded dataset ids, `scope`
 * the task scope (all when missing), the rest the explorer's filter encoding without datasets.
 */
export function decodeCompareQuery(query: string): CompareRouteState {
  const state: CompareRouteState = {};
  const rest: string[] = [];
  for (const part of query.replace(/^[?]/, '').split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const raw = eq < 0 ? '' : part.slice(eq + 1);
    if (key === 'runs') {
      const runs = [
        ...new Set(
          raw
            .split(',')
            .map(decode)
            .filter((id) => id !== ''),
        ),
      ].slice(0, MAX_COMPARE_RUNS);
      if (runs.length > 0) state.runs = runs;
    } else if (key === 'scope') {
      if ((TASK_SCOPES as readonly string[]).includes(raw) && raw !== 'all') {
        state.scope = raw as TaskScope;
      }
    } else if (part !== '') rest.push(part);
  }
  const { dataset_id: _one, dataset_ids: _many, ...filter } = decodeFilterQuery(rest.join('&'));
  if (Object.keys(filter).length > 0) state.filter = filter;
  return state;
}

export function encodeCompareQuery(state: CompareRouteState): string {
  const parts: string[] = [];
  const runs = (state.runs ?? []).filter((id) => id !== '');
  if (runs.length > 0) parts.push(`runs=${runs.map(encodeURIComponent).join(',')}`);
  if (state.scope !== undefined && state.scope !== 'all') parts.push(`scope=${state.scope}`);
  const filter = state.filter === undefined ? '' : encodeFilterQuery(withoutDatasets(state.filter));
  if (filter !== '') parts.push(filter);
  return parts.join('&');
}

function withoutDatasets(filter: TrajectoryFilter): CompareFilter {
  const { dataset_id: _one, dataset_ids: _many, ...rest } = filter;
  return rest;
}

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
    case 'compare': {
      const query = encodeCompareQuery(route);
      return query === '' ? '#/compare' : `#/compare?${query}`;
    }
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
export const runsHref = () => hrefFor({ name: 'runs' });
/** `#/compare?runs=a,b…`: the compare page on these runs (A, B, then more for the overview). */
export const compareHref = (
  runs: readonly string[],
  options: { scope?: TaskScope; filter?: CompareFilter } = {},
) => hrefFor({ name: 'compare', runs: [...runs], ...options });

/**
 * Told as soon as the app itself changes the hash. The hashchange event comes a task later, and
 * until then a controlled input that navigated (a facet's checkbox) would show its old value.
 */
const routeWrites = new Set<() => void>();

export function onRouteWrite(listener: () => void): () => void {
  routeWrites.add(listener);
  return () => {
    routeWrites.delete(listener);
  };
}

export function navigate(href: string): void {
  window.location.hash = href;
  for (const listener of routeWrites) listener();
}

/** Like navigate, without a history entry (filters typed letter by letter). */
export function replaceRoute(href: string): void {
  if (window.location.hash === href) return;
  window.location.replace(href);
  for (const listener of routeWrites) listener();
}
