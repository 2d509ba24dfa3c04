// Hash routes and deep links (DESIGN section 7). Ids may contain ':' and '/', so they are
// URL-encoded in links and decoded here.
export type Route =
  | { name: 'datasets' }
  | { name: 'dataset'; id: string }
  | { name: 'trajectories' }
  | { name: 'trajectory'; id: string }
  | { name: 'group'; id: string }
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
    if (id !== '' && (head === 'dataset' || head === 'trajectory' || head === 'group')) {
      return { name: head, id };
    }
  }
  return { name: 'not-found', path: decode(path) };
}

export function hrefFor(route: Route): string {
  switch (route.name) {
    case 'dataset':
    case 'trajectory':
    case 'group':
      return `#/${route.name}/${encodeURIComponent(route.id)}`;
    case 'not-found':
      return '#/';
    default:
      return `#/${route.name}`;
  }
}

export const datasetHref = (id: string) => hrefFor({ name: 'dataset', id });
export const trajectoryHref = (id: string) => hrefFor({ name: 'trajectory', id });
export const groupHref = (id: string) => hrefFor({ name: 'group', id });

export function navigate(href: string): void {
  window.location.hash = href;
}
