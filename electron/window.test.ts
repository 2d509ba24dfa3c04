import { describe, expect, it, vi } from 'vitest';
import {
  APP_ENTRY_URL,
  BLOCKED_REQUEST_PATTERNS,
  createWindowOptions,
  denyPermissionCheck,
  denyPermissionRequest,
  externalLinkDialog,
  externalUrlOf,
  guardContents,
  guardSession,
  isAppUrl,
  navigationPolicy,
  offerExternalOpen,
  windowOpenPolicy,
  type ExternalLinkDeps,
  type GuardableContents,
  type GuardableSession,
} from './window';

function fakeLinks(answer: boolean) {
  const opened: string[] = [];
  const asked: string[] = [];
  const deps: ExternalLinkDeps = {
    confirm: vi.fn((url: string) => {
      asked.push(url);
      return Promise.resolve(answer);
    }),
    openExternal: vi.fn((url: string) => {
      opened.push(url);
      return Promise.resolve();
    }),
  };
  return { deps, opened, asked };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createWindowOptions', () => {
  it('sets every hardening flag and the preload', () => {
    const options = createWindowOptions({
      preloadPath: '/app/out/electron/preload.cjs',
      title: 'Turnwise',
      devTools: false,
    });
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      preload: '/app/out/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      devTools: false,
    });
  });

  it('keeps DevTools only when asked (development)', () => {
    const options = createWindowOptions({ preloadPath: '/p.cjs', title: 't', devTools: true });
    expect(options.webPreferences?.devTools).toBe(true);
    expect(options.webPreferences?.sandbox).toBe(true);
  });
});

describe('navigation policy', () => {
  it('allows the app origin only', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(navigationPolicy('app://turnwise/index.html#/trajectories')).toBe('allow');
    expect(navigationPolicy('app://turnwise/assets/index-abc.js')).toBe('allow');
  });

  it.each([
    'https://example.com/',
    'http://127.0.0.1:5173/',
    'file:///etc/passwd',
    'app://other/index.html',
    'app://turnwise:8080/index.html',
    'app://user:pw@turnwise/index.html',
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
    'about:blank',
    'not a url',
  ])('denies %s', (url) => {
    expect(navigationPolicy(url)).toBe('deny');
  });
});

describe('window-open policy', () => {
  it('offers http(s) only, and never with credentials', () => {
    expect(externalUrlOf('https://arxiv.org/abs/2501.00001')).toBe(
      'https://arxiv.org/abs/2501.00001',
    );
    expect(externalUrlOf('http://example.com')).toBe('http://example.com/');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'mailto:a@b.c',
      'app://turnwise/index.html',
      'https://good.com@evil.com/',
      `https://example.com/${'a'.repeat(5000)}`,
    ]) {
      expect(externalUrlOf(url)).toBeNull();
    }
  });

  it('always denies the window and opens http(s) only after confirmation', async () => {
    const yes = fakeLinks(true);
    expect(windowOpenPolicy('https://example.com/x', yes.deps)).toEqual({ action: 'deny' });
    await flush();
    expect(yes.asked).toEqual(['https://example.com/x']);
    expect(yes.opened).toEqual(['https://example.com/x']);

    const no = fakeLinks(false);
    expect(windowOpenPolicy('https://example.com/x', no.deps)).toEqual({ action: 'deny' });
    await flush();
    expect(no.opened).toEqual([]);
  });

  it('never asks about other schemes', async () => {
    const links = fakeLinks(true);
    for (const url of ['file:///bin/sh', 'app://turnwise/index.html', 'ms-settings:']) {
      expect(windowOpenPolicy(url, links.deps)).toEqual({ action: 'deny' });
    }
    await flush();
    expect(links.asked).toEqual([]);
    expect(links.opened).toEqual([]);
    expect(await offerExternalOpen('file:///bin/sh', links.deps)).toBe(false);
  });

  it('confirms with Cancel as the default answer and shows the full URL', () => {
    const dialog = externalLinkDialog('https://example.com/x');
    expect(dialog.buttons?.[dialog.cancelId ?? -1]).toBe('Cancel');
    expect(dialog.defaultId).toBe(dialog.cancelId);
    expect(dialog.detail).toBe('https://example.com/x');
  });
});

type Listener = (event: { preventDefault(): void; url?: string; isMainFrame?: boolean }) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents = {
    on(event: string, listener: Listener) {
      listeners.set(event, listener);
      return contents;
    },
    setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
      openHandler = handler;
    },
  };
  const emit = (name: string, event: { url?: string; isMainFrame?: boolean } = {}) => {
    const preventDefault = vi.fn();
    listeners.get(name)?.({ ...event, preventDefault });
    return preventDefault.mock.calls.length > 0;
  };
  return {
    contents: contents as unknown as GuardableContents,
    emit,
    open: (url: string) => openHandler?.({ url }),
  };
}

describe('guardContents', () => {
  it('prevents navigation away from the app and offers http(s) links externally', async () => {
    const links = fakeLinks(false);
    const fake = fakeContents();
    guardContents(fake.contents, links.deps);
    expect(
      fake.emit('will-navigate', { url: 'app://turnwise/index.html', isMainFrame: true }),
    ).toBe(false);
    expect(fake.emit('will-navigate', { url: 'https://evil.test/', isMainFrame: true })).toBe(true);
    expect(fake.emit('will-navigate', { url: 'file:///etc/passwd', isMainFrame: true })).toBe(true);
    await flush();
    expect(links.asked).toEqual(['https://evil.test/']);
  });

  it('guards subframes, redirects and webviews', () => {
    const fake = fakeContents();
    guardContents(fake.contents, fakeLinks(false).deps);
    expect(fake.emit('will-frame-navigate', { url: 'https://x.test/', isMainFrame: false })).toBe(
      true,
    );
    expect(fake.emit('will-frame-navigate', { url: APP_ENTRY_URL, isMainFrame: false })).toBe(
      false,
    );
    expect(fake.emit('will-redirect', { url: 'https://x.test/' })).toBe(true);
    expect(fake.emit('will-redirect', { url: APP_ENTRY_URL })).toBe(false);
    expect(fake.emit('will-attach-webview')).toBe(true);
  });

  it('installs a window-open handler that denies', () => {
    const fake = fakeContents();
    guardContents(fake.contents, fakeLinks(false).deps);
    expect(fake.open('https://example.com')).toEqual({ action: 'deny' });
    expect(fake.open(APP_ENTRY_URL)).toEqual({ action: 'deny' });
  });

  it("sends a Markdown link's window.open to the OS browser only after a yes", async () => {
    // MarkdownLink opens links with window.open(url, '_blank', 'noopener,noreferrer').
    const yes = fakeLinks(true);
    const fake = fakeContents();
    guardContents(fake.contents, yes.deps);
    expect(fake.open('https://docs.example.test/guide?x=1')).toEqual({ action: 'deny' });
    expect(fake.open('mailto:a@b.c')).toEqual({ action: 'deny' });
    await flush();
    expect(yes.asked).toEqual(['https://docs.example.test/guide?x=1']);
    expect(yes.opened).toEqual(['https://docs.example.test/guide?x=1']);
  });
});

describe('permissions and session', () => {
  it('denies every permission request and check', () => {
    for (const permission of ['media', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      denyPermissionRequest(null, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(denyPermissionCheck()).toBe(false);
  });

  it('guardSession installs the deny handlers and blocks the network', () => {
    type Session = GuardableSession;
    const got: {
      request?: Parameters<Session['setPermissionRequestHandler']>[0];
      check?: () => boolean;
      device?: () => boolean;
      urls?: string[];
      beforeRequest?: Parameters<Session['webRequest']['onBeforeRequest']>[1];
    } = {};
    guardSession({
      setPermissionRequestHandler: (handler) => (got.request = handler),
      setPermissionCheckHandler: (handler) => (got.check = handler),
      setDevicePermissionHandler: (handler) => (got.device = handler),
      webRequest: {
        onBeforeRequest: (filter, listener) => {
          got.urls = filter.urls;
          got.beforeRequest = listener;
        },
      },
    });
    const callback = vi.fn();
    got.request?.(null, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(got.check?.()).toBe(false);
    expect(got.device?.()).toBe(false);
    expect(got.urls).toEqual(BLOCKED_REQUEST_PATTERNS);
    const respond = vi.fn();
    got.beforeRequest?.({ url: 'https://cdn.example.com/x.js' }, respond);
    expect(respond).toHaveBeenCalledWith({ cancel: true });
  });
});
