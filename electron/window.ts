// The hardened window (Electron's security checklist, docs/ARCHITECTURE.md, quality bars) as pure, testable pieces:
// the BrowserWindow options, the app origin, and the navigation, new-window and permission policies.
// Only type imports from 'electron' here, so tests run under plain Node.
import type { BrowserWindowConstructorOptions, MessageBoxOptions } from 'electron';

/** The privileged scheme that serves the built renderer; pages never load from file:// or http. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'turnwise';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Longest URL we offer to open externally; anything longer is not a link a person clicked. */
const MAX_EXTERNAL_URL_LENGTH = 4096;

export interface WindowOptionsInput {
  /** Absolute path of the built CommonJS preload. */
  preloadPath: string;
  title: string;
  /** DevTools stay reachable in development only. */
  devTools: boolean;
}

export function createWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: input.title,
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    // Shown on 'ready-to-show' so the window never flashes an empty frame.
    show: false,
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // A dropped file must never replace the app page.
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // Middle-click would otherwise open links through a separate path (Electronegativity).
      disableBlinkFeatures: 'Auxclick',
      devTools: input.devTools,
    },
  };
}

/** True for URLs served by the app's own scheme and host. */
export function isAppUrl(url: string): boolean {
  const parsed = parseUrl(url);
  return (
    parsed !== null &&
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.host === APP_HOST &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

export type NavigationDecision = 'allow' | 'deny';

/** Top-level and frame navigations may only stay inside the app origin. */
export function navigationPolicy(url: string): NavigationDecision {
  return isAppUrl(url) ? 'allow' : 'deny';
}

/**
 * The URL that may be handed to the OS browser, or null. Only http(s), never with credentials
 * (a classic way to disguise the real host), never absurdly long.
 */
export function externalUrlOf(url: string): string | null {
  if (url.length > MAX_EXTERNAL_URL_LENGTH) return null;
  const parsed = parseUrl(url);
  if (parsed === null) return null;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

export interface ExternalLinkDeps {
  /** Asks the user; resolves true only on an explicit yes. */
  confirm(url: string): Promise<boolean>;
  openExternal(url: string): Promise<void>;
}

/** Offers an http(s) link to the OS browser after confirmation; other schemes are never opened. */
export async function offerExternalOpen(url: string, deps: ExternalLinkDeps): Promise<boolean> {
  const target = externalUrlOf(url);
  if (target === null) return false;
  if (!(await deps.confirm(target))) return false;
  await deps.openExternal(target);
  return true;
}

/** The confirmation shown before a link leaves the app; the full URL is shown, Cancel is default. */
export function externalLinkDialog(url: string): MessageBoxOptions {
  return {
    type: 'question',
    buttons: ['Open in Browser', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
    title: 'Open link',
    message: 'Open this link in your web browser?',
    detail: url,
  };
}

/** window.open and target=_blank never create windows; http(s) links may go to the OS browser. */
export function windowOpenPolicy(
  url: string,
  deps: ExternalLinkDeps,
  onError: (error: unknown) => void = logError,
): { action: 'deny' } {
  void offerExternalOpen(url, deps).catch(onError);
  return { action: 'deny' };
}

interface Preventable {
  preventDefault(): void;
}
interface NavigationEvent extends Preventable {
  readonly url: string;
  readonly isMainFrame?: boolean;
}

/** The slice of WebContents that hardening touches; tests pass a fake. */
export interface GuardableContents {
  on(
    event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect',
    listener: (event: NavigationEvent) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Attaches the navigation, redirect, webview and new-window guards to one WebContents. */
export function guardContents(contents: GuardableContents, deps: ExternalLinkDeps): void {
  const guardNavigation = (event: NavigationEvent): void => {
    if (navigationPolicy(event.url) === 'allow') return;
    event.preventDefault();
    // A plain link click in the top frame is still a link the user may want to follow.
    if (event.isMainFrame !== false) void offerExternalOpen(event.url, deps).catch(logError);
  };
  contents.on('will-navigate', guardNavigation);
  contents.on('will-frame-navigate', (event) => {
    // The top frame is handled by will-navigate; this covers subframes.
    if (event.isMainFrame === true) return;
    if (navigationPolicy(event.url) === 'deny') event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (navigationPolicy(event.url) === 'deny') event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details) => windowOpenPolicy(details.url, deps));
}

/** Every permission request (camera, notifications, clipboard-read, ...) is refused. */
export function denyPermissionRequest(
  _contents: unknown,
  _permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(false);
}

/** Every permission check answers no. */
export function denyPermissionCheck(): boolean {
  return false;
}

/** Requests the renderer must never make: it talks to the engine over IPC, never the network. */
export const BLOCKED_REQUEST_PATTERNS = ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'];

/** The slice of Session that hardening touches; tests pass a fake. */
export interface GuardableSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  readonly webRequest: {
    onBeforeRequest(
      filter: { urls: string[] },
      listener: (
        details: { url: string },
        callback: (response: { cancel: boolean }) => void,
      ) => void,
    ): void;
  };
}

/** Denies all permissions and cancels all network requests of a session. */
export function guardSession(session: GuardableSession): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  session.setPermissionCheckHandler(denyPermissionCheck);
  session.setDevicePermissionHandler(denyPermissionCheck);
  // Defence in depth behind the CSP: even a bypass finds no network.
  session.webRequest.onBeforeRequest({ urls: BLOCKED_REQUEST_PATTERNS }, (_details, callback) =>
    callback({ cancel: true }),
  );
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function logError(error: unknown): void {
  console.error('[turnwise] external link failed:', error);
}
