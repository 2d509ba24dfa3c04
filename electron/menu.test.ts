import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  aboutDialog,
  buildMenuTemplate,
  pickNewWorkspace,
  pickWorkspaceToOpen,
  withWorkspaceExtension,
  type MenuActions,
  type WorkspaceDialog,
} from './menu';

function actions() {
  return {
    openWorkspace: vi.fn<() => void>(),
    newWorkspace: vi.fn<() => void>(),
    reload: vi.fn<() => void>(),
    about: vi.fn<() => void>(),
  } satisfies MenuActions;
}

/** Every item of a template, depth first. */
function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

function click(items: MenuItemConstructorOptions[], id: string): void {
  const item = items.find((candidate) => candidate.id === id);
  expect(item?.click).toBeTypeOf('function');
  (item?.click as () => void)();
}

describe('buildMenuTemplate', () => {
  it('has File > Open Workspace…, New Workspace…, Reload, Quit wired to the actions', () => {
    const acts = actions();
    const template = buildMenuTemplate({
      appName: 'Turnwise',
      isPackaged: true,
      platform: 'linux',
      actions: acts,
    });
    expect(template.map((menu) => menu.label ?? menu.role)).toEqual([
      '&File',
      'editMenu',
      '&View',
      'help',
    ]);
    const items = flatten(template);
    const file = flatten([template[0] as MenuItemConstructorOptions]);
    expect(file.map((item) => item.label ?? item.role ?? item.type)).toEqual([
      '&File',
      'Open Workspace…',
      'New Workspace…',
      'separator',
      'Reload',
      'separator',
      'Quit',
    ]);
    click(items, 'open-workspace');
    click(items, 'new-workspace');
    click(items, 'reload');
    click(items, 'about');
    expect(acts.openWorkspace).toHaveBeenCalledTimes(1);
    expect(acts.newWorkspace).toHaveBeenCalledTimes(1);
    expect(acts.reload).toHaveBeenCalledTimes(1);
    expect(acts.about).toHaveBeenCalledTimes(1);
    expect(items.find((item) => item.id === 'quit')?.role).toBe('quit');
  });

  it('offers DevTools and force-reload only when not packaged', () => {
    const roles = (isPackaged: boolean) =>
      flatten(
        buildMenuTemplate({ appName: 'T', isPackaged, platform: 'win32', actions: actions() }),
      ).map((item) => item.role);
    expect(roles(true)).not.toContain('toggleDevTools');
    expect(roles(true)).not.toContain('forceReload');
    expect(roles(true)).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom']));
    expect(roles(false)).toEqual(expect.arrayContaining(['toggleDevTools', 'forceReload']));
  });

  it('uses the macOS app and window menus on darwin', () => {
    const template = buildMenuTemplate({
      appName: 'T',
      isPackaged: true,
      platform: 'darwin',
      actions: actions(),
    });
    expect(template[0]?.role).toBe('appMenu');
    expect(template.map((menu) => menu.role)).toContain('windowMenu');
  });
});

function fakeDialog(answer: { canceled: boolean; filePaths?: string[]; filePath?: string }) {
  const dialog: WorkspaceDialog = {
    showOpenDialog: vi.fn(() =>
      Promise.resolve({ canceled: answer.canceled, filePaths: answer.filePaths ?? [] }),
    ),
    showSaveDialog: vi.fn(() =>
      Promise.resolve({ canceled: answer.canceled, filePath: answer.filePath ?? '' }),
    ),
  };
  return dialog;
}

describe('workspace dialogs', () => {
  it('opens a chosen .duckdb file, null when cancelled', async () => {
    const dialog = fakeDialog({ canceled: false, filePaths: ['/data/a.duckdb'] });
    expect(await pickWorkspaceToOpen(dialog, '/data')).toBe('/data/a.duckdb');
    expect(dialog.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        properties: ['openFile'],
        defaultPath: '/data',
        filters: [expect.objectContaining({ extensions: ['duckdb'] })],
      }),
    );
    expect(await pickWorkspaceToOpen(fakeDialog({ canceled: true }))).toBeNull();
  });

  it('names a new workspace through a save dialog, adding .duckdb', async () => {
    const dialog = fakeDialog({ canceled: false, filePath: '/data/experiment' });
    expect(await pickNewWorkspace(dialog, '/data')).toBe('/data/experiment.duckdb');
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: path.join('/data', 'workspace.duckdb') }),
    );
    expect(await pickNewWorkspace(fakeDialog({ canceled: false, filePath: '/d/x.DuckDB' }))).toBe(
      '/d/x.DuckDB',
    );
    expect(await pickNewWorkspace(fakeDialog({ canceled: true }))).toBeNull();
    expect(withWorkspaceExtension('w.duckdb')).toBe('w.duckdb');
  });

  it('describes the app and the open workspace in About', () => {
    const about = aboutDialog({
      appName: 'Turnwise',
      version: '0.1.0',
      workspacePath: '/data/w.duckdb',
      versions: { electron: '45.5.0', chrome: '142', node: '22' },
    });
    expect(about.message).toBe('Turnwise 0.1.0');
    expect(about.detail).toContain('/data/w.duckdb');
    expect(about.detail).toContain('Electron 45.5.0');
  });
});
