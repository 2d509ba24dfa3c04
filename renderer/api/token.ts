// Browser mode: the server prints a URL with ?token=...; keep the token for this tab only and take
// it out of the address bar so it is not bookmarked, shared in screenshots or kept in history.
const STORAGE_KEY = 'turnwise.token';

function safeSession(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage can be disabled; the token then lives only in memory
  }
}

let memoryToken: string | null = null;

/** Reads the token from the page URL (once) or from sessionStorage. */
export function takeToken(): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  const storage = safeSession();
  if (fromUrl !== null && fromUrl !== '') {
    memoryToken = fromUrl;
    storage?.setItem(STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.toString());
    return fromUrl;
  }
  return storage?.getItem(STORAGE_KEY) ?? memoryToken;
}
