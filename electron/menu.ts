// The native menus and the workspace dialogs, as pure builders over small interfaces so tests
// need no Electron runtime. main.ts turns the template into a Menu.
import path from 'node:path';
import type {
  MenuItemConstructorOptions,
  MessageBoxOptions,
  OpenDialogOptions,
  SaveDialogOptions,
} from 'electron';

export const WORKSPACE_EXTENSION = '.duckdb';
const WORKSPACE_FILTERS = [{ name: 'Turnwise workspace (DuckDB)', extensions: ['duckdb'] }];

export interface MenuActions {
  openWorkspace(): void;
  newWorkspace(): void;
  reload(): void;
  about(): void;
}

export interface MenuTemplateInput {
  appName: string;
  /** Packaged builds get no DevTools and no force-reload. */
  isPackaged: boolean;
  platform: NodeJS.Platform;
  actions: MenuActions;
}

export function buildMenuTemplate(input: MenuTemplateInput): MenuItemConstructorOptions[] {
  const { actions } = input;
  const isMac = input.platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      {
        id: 'open-workspace',
        label: 'Open Workspace…',
        accelerator: 'CmdOrCtrl+O',
        click: () => actions.openWorkspace(),
      },
      {
        id: 'new-workspace',
        label: 'New Workspace…',
        accelerator: 'CmdOrCtrl+Shift+N',
        click: () => actions.newWorkspace(),
      },
      { type: 'separator' },
      { id: 'reload', label: 'Reload', accelerator: 'CmdOrCtrl+R', click: () => actions.reload() },
      { type: 'separator' },
      isMac ? { role: 'close' } : { id: 'quit', role: 'quit', label: 'Quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(input.isPackaged
        ? []
        : ([
            { type: 'separator' },
            { id: 'force-reload', role: 'forceReload' },
            { id: 'toggle-devtools', role: 'toggleDevTools' },
          ] satisfies MenuItemConstructorOptions[])),
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [{ id: 'about', label: `About ${input.appName}`, click: () => actions.about() }],
  };
  // The Edit menu carries the clipboard shortcuts text fields rely on (on macOS only through it).
  const edit: MenuItemConstructorOptions = { role: 'editMenu' };
  return isMac
    ? [{ role: 'appMenu' }, file, edit, view, { role: 'windowMenu' }, help]
    : [file, edit, view, help];
}

/** The slice of Electron's dialog module used for workspaces (parent window already bound). */
export interface WorkspaceDialog {
  showOpenDialog(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
}

/** Asks for an existing workspace file; null when cancelled. */
export async function pickWorkspaceToOpen(
  dialog: WorkspaceDialog,
  defaultPath?: string,
): Promise<string | null> {
  const result = await dialog.showOpenDialog({
    title: 'Open Workspace',
    buttonLabel: 'Open',
    properties: ['openFile'],
    filters: WORKSPACE_FILTERS,
    ...(defaultPath === undefined ? {} : { defaultPath }),
  });
  const chosen = result.filePaths[0];
  return result.canceled || chosen === undefined ? null : chosen;
}

/**
 * Asks for the name of a new workspace; null when cancelled. The engine creates the file on
 * open. If the name given already exists it is opened, never truncated: a save dialog's
 * "replace" is not a reason to destroy a research workspace.
 */
export async function pickNewWorkspace(
  dialog: WorkspaceDialog,
  defaultDirectory?: string,
): Promise<string | null> {
  const defaultName = `workspace${WORKSPACE_EXTENSION}`;
  const result = await dialog.showSaveDialog({
    title: 'New Workspace',
    buttonLabel: 'Create',
    filters: WORKSPACE_FILTERS,
    defaultPath:
      defaultDirectory === undefined ? defaultName : path.join(defaultDirectory, defaultName),
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  });
  if (result.canceled || result.filePath === undefined || result.filePath === '') return null;
  return withWorkspaceExtension(result.filePath);
}

export function withWorkspaceExtension(filePath: string): string {
  return filePath.toLowerCase().endsWith(WORKSPACE_EXTENSION)
    ? filePath
    : `${filePath}${WORKSPACE_EXTENSION}`;
}

export interface AboutInfo {
  appName: string;
  version: string;
  workspacePath: string | null;
  versions: { electron?: string; chrome?: string; node?: string };
}

export function aboutDialog(info: AboutInfo): MessageBoxOptions {
  const lines = [
    `Workspace: ${info.workspacePath ?? '(none)'}`,
    '',
    `Electron ${info.versions.electron ?? '?'}`,
    `Chromium ${info.versions.chrome ?? '?'}`,
    `Node ${info.versions.node ?? '?'}`,
  ];
  return {
    type: 'info',
    title: `About ${info.appName}`,
    message: `${info.appName} ${info.version}`,
    detail: lines.join('\n'),
    buttons: ['OK'],
    noLink: true,
  };
}
