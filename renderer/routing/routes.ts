// Hash routes and deep links (DESIGN section 7). Ids may contain ':' and '/', so they are
// URL-encoded in links and decoded here.
export type Route =
  | { name: 'datasets' }
  | { name: 'dataset'; id: string }
  | { name: 'trajectories'; ids?: string[] }
  | { name: 'trajectory'; id: string }
  | { name: 'group'; id: string }
  | { name: 'diff'; a: string; b: string }
  | { name: 'review' }
  | { name: 'sql' }
  | { name: 'export' }
  | { name: 'not-found'; path: string };

const STATIC: Record<string, Route> = {
  '': { name: 'datasets' },
  datasets: { name: 'datasets' },
  trajectories: { name: 'trajectories' },
  review: { name: 'review' },
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
  const ids = idsParam(hash);
  if (ids !== undefined && /^#?\/*trajectories\/*[?]/.test(hash))
    return { name: 'trajectories', ids };
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
    if (id !== '' && (head === 'dataset' || head === 'trajectory' || head === 'group')) {
      return { name: head, id };
    }
  }
  return { name: 'not-found', path: decode(path) };
}

/** `?ids=a,b`: each id URL-encoded (so ',' inside an id is escaped), at most MAX_ROUTE_IDS. */
function idsParam(hash: string): string[] | undefined {
  const match = /[?&]ids=([^&]*)/.exec(hash);
  if (match?.[1] === undefined || match[1] === '') return undefined;
  return match[1].split(',').slice(0, MAX_ROUTE_IDS).map(decode);
}

export const MAX_ROUTE_IDS = 1000;

export function hrefFor(route: Route): string {
  switch (route.name) {
    case 'trajectories':
      return route.ids === undefined || route.ids.length === 0
        ? '#/trajectories'
        : `#/trajectories?ids=${route.ids.slice(0, MAX_ROUTE_IDS).map(encodeURIComponent).join(',')}`;
    case 'dataset':
    case 'trajectory':
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

export function navigate(href: string): void {
  window.location.hash = href;
}
