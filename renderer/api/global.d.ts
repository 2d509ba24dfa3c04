// The Electron preload exposes the typed API here; absent in browser mode.
import type { TurnwiseBridge } from '../../shared/bridge';

declare global {
  interface Window {
    turnwise?: TurnwiseBridge;
  }
}

export {};
