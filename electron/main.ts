// The Electron main process: lifecycle only. Policies live in window.ts, ipc.ts, menu.ts and
// app-protocol.ts; everything that touches DuckDB lives in the engine, which knows no Electron
// and runs in a child process so long imports never stall this process and a query DuckDB cannot
// interrupt can be ended by killing it (engine-process.ts).
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  session,
  shell,
  type WebContents,
} from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { openSupervisedEngine } from '../engine/engine-supervisor';
import type { Engine } from '../engine/core/engine-types';
import { log, setLog } from '../engine/logging/logger';
import { logError } from '../engine/logging/log-text';
import { fileLogger } from '../engine/logging/rotating-log';
import { logUncaughtErrors } from '../engine/logging/uncaught';
import { forwardJobEvents, registerIpc } from './ipc';
import { registerKeyIpc } from './keys-ipc';
import { KeyStore } from './key-store';
import { parseWorkspaceArg } from './launch-args';
import {
  aboutDialog,
  buildMenuTemplate,
  pickNewWorkspace,
  pickWorkspaceToOpen,
  type WorkspaceDialog,
} from './menu';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  createWindowOptions,
  externalLinkDialog,
  guardContents,
  guardSession,
  type ExternalLinkDeps,
} from './window';

const APP_NAME = 'Turnwise';
const here = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = path.join(here, 'preload.cjs');
const RENDERER_ROOT = path.join(here, '..', 'renderer');
/** A DuckDB checkpoint on close is quick; a hung close must still not keep the app alive. */
const CLOSE_TIMEOUT_MS = 10_000;

let engine: Engine | null = null;
let stopJobEvents: (() => void) | null = null;
let mainWindow: BrowserWindow | null = null;
let pendingSwitch: Promise<void> | null = null;
let shutdown: Promise<void> | null = null;
let shutdownComplete = false;
let started = false;
/** main.log and the engine process's engine.log go here. */
const logDir = path.join(app.getPath('userData'), 'logs');

// Both must happen before 'ready'.
app.enableSandbox();
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  startLogging();
  app.on('second-instance', (_event, argv, workingDirectory) => {
    onSecondInstance(argv, workingDirectory);
  });
  app.on('web-contents-created', (_event, contents) => guardContents(contents, externalLinks));
  // One window, one workspace: closing it ends the app on every platform.
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (shutdownComplete) return;
    event.preventDefault();
    shutdown ??= closeEngine().finally(() => {
      shutdownComplete = true;
      app.quit();
    });
  });
  app.whenReady().then(start).catch(fatal);
}

function startLogging(): void {
  setLog(fileLogger(path.join(logDir, 'main.log')));
  logUncaughtErrors();
  log().info('startup', {
    version: app.getVersion(),
    electron: process.versions.electron,
    platform: process.platform,
  });
}

async function start(): Promise<void> {
  guardSession(session.defaultSession);
  protocol.handle(APP_SCHEME, createAppProtocolHandler(RENDERER_ROOT));
  // Keys kept in the OS keychain become environment variables before the engine starts.
  const keys = new KeyStore(
    path.join(app.getPath('userData'), 'api-keys.json'),
    safeStorage,
    process.env,
  );
  try {
    keys.exportAll();
  } catch (error) {
    reportError(error);
  }
  const requested = parseWorkspaceArg(process.argv, process.cwd());
  engine = await openFirstWorkspace(requested ?? (await pickWorkspaceToOpen(workspaceDialog())));
  if (engine === null) {
    app.quit();
    return;
  }
  registerIpc(ipcMain, {
    getEngine: () => engine,
    getAppContentsId: () => liveContents()?.id ?? null,
  });
  registerKeyIpc(ipcMain, { store: keys, getAppContentsId: () => liveContents()?.id ?? null });
  stopJobEvents = forwardJobEvents(engine, liveContents);
  installMenu();
  createMainWindow();
  started = true;
}

/** Opens the first workspace; on failure says why and offers the open dialog again. */
async function openFirstWorkspace(initial: string | null): Promise<Engine | null> {
  let candidate = initial;
  while (candidate !== null) {
    try {
      return await openSupervisedEngine({ dbPath: candidate, logDir });
    } catch (error) {
      dialog.showErrorBox('Could not open workspace', `${candidate}\n\n${describe(error)}`);
      candidate = await pickWorkspaceToOpen(workspaceDialog());
    }
  }
  return null;
}

function createMainWindow(): void {
  const options = createWindowOptions({
    preloadPath: PRELOAD_PATH,
    title: windowTitle(),
    devTools: !app.isPackaged,
  });
  // Electronegativity cannot see through createWindowOptions, whose contextIsolation, sandbox and
  // Auxclick settings window.test.ts asserts, hence the inline exceptions on the next line.
  const win = new BrowserWindow(options); // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK
  mainWindow = win;
  win.once('ready-to-show', () => win.show());
  // The title names the open workspace; the page does not get to change it.
  win.on('page-title-updated', (event) => event.preventDefault());
  win.on('closed', () => {
    if (mainWindow === win) mainWindow = null;
  });
  win.webContents.on('render-process-gone', (_event, details) => {
    console.error(`[turnwise] renderer gone: ${details.reason} (exit ${details.exitCode})`);
  });
  win.loadURL(APP_ENTRY_URL).catch(reportError);
}

function installMenu(): void {
  const template = buildMenuTemplate({
    appName: APP_NAME,
    isPackaged: app.isPackaged,
    platform: process.platform,
    actions: {
      openWorkspace: () => {
        void chooseAndSwitch(pickWorkspaceToOpen);
      },
      newWorkspace: () => {
        void chooseAndSwitch(pickNewWorkspace);
      },
      reload: () => liveContents()?.reload(),
      about: () => {
        void showAbout();
      },
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function chooseAndSwitch(
  pick: (dialog: WorkspaceDialog, near?: string) => Promise<string | null>,
): Promise<void> {
  try {
    const near = engine === null ? undefined : path.dirname(engine.workspacePath);
    const chosen = await pick(workspaceDialog(), near);
    if (chosen !== null) await requestSwitch(chosen);
  } catch (error) {
    reportError(error);
  }
}

/** Serialises workspace switches; a quit waits for the one in flight. */
function requestSwitch(next: string): Promise<void> {
  if (pendingSwitch !== null || shutdown !== null) return pendingSwitch ?? Promise.resolve();
  pendingSwitch = switchWorkspace(next).finally(() => {
    pendingSwitch = null;
  });
  return pendingSwitch;
}

/** Closes the old engine, opens the new one (or reopens the old on failure), reloads the page. */
async function switchWorkspace(next: string): Promise<void> {
  const previous = engine;
  if (previous !== null && path.resolve(next) === path.resolve(previous.workspacePath)) {
    liveContents()?.reload();
    return;
  }
  engine = null;
  stopJobEvents?.();
  stopJobEvents = null;
  // DuckDB allows one writer per file: the old engine must be closed before anything reopens it.
  await previous?.close().catch(reportError);
  engine = await openSupervisedEngine({ dbPath: next, logDir }).catch(async (error: unknown) => {
    dialog.showErrorBox('Could not open workspace', `${next}\n\n${describe(error)}`);
    return previous === null ? null : reopen(previous.workspacePath);
  });
  if (engine !== null) stopJobEvents = forwardJobEvents(engine, liveContents);
  mainWindow?.setTitle(windowTitle());
  liveContents()?.reload();
}

async function reopen(workspacePath: string): Promise<Engine | null> {
  try {
    return await openSupervisedEngine({ dbPath: workspacePath, logDir });
  } catch (error) {
    // The page then reports "no workspace is open"; File > Open Workspace still works.
    dialog.showErrorBox('Could not reopen workspace', `${workspacePath}\n\n${describe(error)}`);
    return null;
  }
}

async function closeEngine(): Promise<void> {
  await pendingSwitch?.catch(reportError);
  const closing = engine;
  engine = null;
  stopJobEvents?.();
  stopJobEvents = null;
  if (closing === null) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error('[turnwise] engine did not close in time; quitting anyway');
      resolve();
    }, CLOSE_TIMEOUT_MS);
  });
  await Promise.race([closing.close().catch(reportError), timeout]);
  clearTimeout(timer);
}

function onSecondInstance(argv: string[], workingDirectory: string): void {
  const win = mainWindow;
  if (win !== null && !win.isDestroyed()) {
    if (win.isMinimized()) win.restore();
    win.focus();
  }
  const requested = parseWorkspaceArg(argv, workingDirectory);
  // Before start() has finished, the first workspace is still opening: focusing is enough.
  if (requested !== null && started) requestSwitch(requested).catch(reportError);
}

async function showAbout(): Promise<void> {
  const options = aboutDialog({
    appName: APP_NAME,
    version: app.getVersion(),
    workspacePath: engine?.workspacePath ?? null,
    versions: process.versions,
  });
  const parent = liveWindow();
  await (parent === null ? dialog.showMessageBox(options) : dialog.showMessageBox(parent, options));
}

const externalLinks: ExternalLinkDeps = {
  async confirm(url) {
    const options = externalLinkDialog(url);
    const parent = liveWindow();
    const { response } =
      parent === null
        ? await dialog.showMessageBox(options)
        : await dialog.showMessageBox(parent, options);
    return response === 0;
  },
  openExternal: (url) => shell.openExternal(url),
};

/** The dialog module with the main window (when there is one) bound as the parent. */
function workspaceDialog(): WorkspaceDialog {
  const parent = liveWindow();
  return {
    showOpenDialog: (options) =>
      parent === null ? dialog.showOpenDialog(options) : dialog.showOpenDialog(parent, options),
    showSaveDialog: (options) =>
      parent === null ? dialog.showSaveDialog(options) : dialog.showSaveDialog(parent, options),
  };
}

function liveWindow(): BrowserWindow | null {
  return mainWindow !== null && !mainWindow.isDestroyed() ? mainWindow : null;
}

function liveContents(): WebContents | null {
  const contents = liveWindow()?.webContents;
  return contents !== undefined && !contents.isDestroyed() ? contents : null;
}

function windowTitle(): string {
  return engine === null ? APP_NAME : `${APP_NAME} — ${path.basename(engine.workspacePath)}`;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function reportError(error: unknown): void {
  console.error('[turnwise]', error);
  log().error('error', logError(error));
}

function fatal(error: unknown): void {
  console.error('[turnwise] fatal:', error);
  log().error('fatal', logError(error));
  dialog.showErrorBox(`${APP_NAME} could not start`, describe(error));
  app.exit(1);
}
