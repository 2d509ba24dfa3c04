// Electron exposes window.turnwise through its preload; anything else is browser mode.
import type { TurnwiseBridge } from '../../shared/bridge';
import type { Transport } from '../../shared/transport';
import { createHttpTransport } from './http-transport';
import { createIpcTransport } from './ipc-transport';
import { takeToken } from './token';

function bridgeOf(win: Window): TurnwiseBridge | null {
  const candidate = win.turnwise;
  return typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.appInfo === 'function'
    ? candidate
    : null;
}

export function selectTransport(win: Window = window): Transport {
  const bridge = bridgeOf(win);
  if (bridge !== null) return createIpcTransport(bridge);
  return createHttpTransport({ token: takeToken() });
}
