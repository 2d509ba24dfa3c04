// The sandboxed preload: exposes `window.turnwise`, one explicitly written function per API
// method. Nothing generic (no invoke(channel)): the page can reach exactly these channels and
// never sees ipcRenderer or IPC event objects. Built as CommonJS (out/electron/preload.cjs).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { ApiMethod, channelOf, JOB_EVENT_CHANNEL, JobState } from '../shared/api';
import type { API_KEY_CHANNELS } from '../shared/api-keys';
import type { TurnwiseBridge } from '../shared/bridge';

// Type-only imports keep zod and every schema out of the sandboxed preload (it would be ~750 kB
// for two string constants). The annotations make the compiler hold these equal to shared/api.
const JOB_EVENTS: typeof JOB_EVENT_CHANNEL = 'turnwise:job-event';
const KEY_CHANNELS: typeof API_KEY_CHANNELS = {
  list: 'turnwise:apiKeys:list',
  store: 'turnwise:apiKeys:store',
  remove: 'turnwise:apiKeys:remove',
};
function channel(method: ApiMethod): ReturnType<typeof channelOf> {
  return `turnwise:${method}`;
}

/** The slice of ipcRenderer the bridge uses; tests pass a fake. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

// The results are typed by the contract; the main process answers with dispatch's Result.
type Invoke = (channel: string, input: unknown) => Promise<never>;

/** The slice of webUtils the bridge uses; tests pass a fake. */
export interface WebUtilsLike {
  getPathForFile(file: never): string;
}

export function createBridge(ipc: IpcRendererLike, files: WebUtilsLike): TurnwiseBridge {
  const invoke = ((channel, input) => ipc.invoke(channel, input)) as Invoke;
  return {
    appInfo: (input) => invoke(channel('appInfo'), input),
    listFormats: (input) => invoke(channel('listFormats'), input),
    listDatasets: (input) => invoke(channel('listDatasets'), input),
    listTrajectories: (input) => invoke(channel('listTrajectories'), input),
    getTrajectoryFacets: (input) => invoke(channel('getTrajectoryFacets'), input),
    listSavedFilters: (input) => invoke(channel('listSavedFilters'), input),
    saveFilter: (input) => invoke(channel('saveFilter'), input),
    deleteSavedFilter: (input) => invoke(channel('deleteSavedFilter'), input),
    getTrajectory: (input) => invoke(channel('getTrajectory'), input),
    getTurnText: (input) => invoke(channel('getTurnText'), input),
    runSql: (input) => invoke(channel('runSql'), input),
    cancelSql: (input) => invoke(channel('cancelSql'), input),
    getSqlSettings: (input) => invoke(channel('getSqlSettings'), input),
    setSqlSettings: (input) => invoke(channel('setSqlSettings'), input),
    listRedactions: (input) => invoke(channel('listRedactions'), input),
    startImport: (input) => invoke(channel('startImport'), input),
    previewImport: (input) => invoke(channel('previewImport'), input),
    listMappings: (input) => invoke(channel('listMappings'), input),
    saveMapping: (input) => invoke(channel('saveMapping'), input),
    getJob: (input) => invoke(channel('getJob'), input),
    listJobs: (input) => invoke(channel('listJobs'), input),
    cancelJob: (input) => invoke(channel('cancelJob'), input),
    previewRegroup: (input) => invoke(channel('previewRegroup'), input),
    regroupDataset: (input) => invoke(channel('regroupDataset'), input),
    startReviewQueue: (input) => invoke(channel('startReviewQueue'), input),
    addReviewItem: (input) => invoke(channel('addReviewItem'), input),
    listReviewQueue: (input) => invoke(channel('listReviewQueue'), input),
    decideReviewItem: (input) => invoke(channel('decideReviewItem'), input),
    undoReviewDecision: (input) => invoke(channel('undoReviewDecision'), input),
    listReviewEvents: (input) => invoke(channel('listReviewEvents'), input),
    startCredit: (input) => invoke(channel('startCredit'), input),
    getTrajectoryCredit: (input) => invoke(channel('getTrajectoryCredit'), input),
    getTurnLogprobs: (input) => invoke(channel('getTurnLogprobs'), input),
    searchTrajectory: (input) => invoke(channel('searchTrajectory'), input),
    getFailureSignals: (input) => invoke(channel('getFailureSignals'), input),
    getCreditStats: (input) => invoke(channel('getCreditStats'), input),
    previewCredit: (input) => invoke(channel('previewCredit'), input),
    getTurnTree: (input) => invoke(channel('getTurnTree'), input),
    getCreditAgreement: (input) => invoke(channel('getCreditAgreement'), input),
    listJudgePrompts: (input) => invoke(channel('listJudgePrompts'), input),
    createJudgePrompt: (input) => invoke(channel('createJudgePrompt'), input),
    startJudge: (input) => invoke(channel('startJudge'), input),
    listJudgeRuns: (input) => invoke(channel('listJudgeRuns'), input),
    listJudgeEvals: (input) => invoke(channel('listJudgeEvals'), input),
    startJudgeEval: (input) => invoke(channel('startJudgeEval'), input),
    getActiveJudgePrompt: (input) => invoke(channel('getActiveJudgePrompt'), input),
    setActiveJudgePrompt: (input) => invoke(channel('setActiveJudgePrompt'), input),
    listAnnotators: (input) => invoke(channel('listAnnotators'), input),
    getAnnotatorAgreement: (input) => invoke(channel('getAnnotatorAgreement'), input),
    startScoring: (input) => invoke(channel('startScoring'), input),
    listEndpointModels: (input) => invoke(channel('listEndpointModels'), input),
    startExport: (input) => invoke(channel('startExport'), input),
    previewExport: (input) => invoke(channel('previewExport'), input),
    getSegments: (input) => invoke(channel('getSegments'), input),
    setLabel: (input) => invoke(channel('setLabel'), input),
    startHeuristicLabels: (input) => invoke(channel('startHeuristicLabels'), input),
    listHeuristicRules: (input) => invoke(channel('listHeuristicRules'), input),
    getCharts: (input) => invoke(channel('getCharts'), input),
    onJobEvent(listener) {
      // The IPC event object stays here: it would hand the page a route back into Electron.
      const relay = (_event: unknown, job: unknown): void => listener(job as JobState);
      ipc.on(JOB_EVENTS, relay);
      return () => {
        ipc.removeListener(JOB_EVENTS, relay);
      };
    },
    // Keys go to the main process (OS keychain); only their names ever come back.
    apiKeys: {
      list: () => invoke(KEY_CHANNELS.list, {}),
      store: (input) => invoke(KEY_CHANNELS.store, input),
      remove: (input) => invoke(KEY_CHANNELS.remove, input),
    },
    // Only a File object from a drop or an <input type=file> has a path; anything else throws.
    pathForFile: (file) => files.getPathForFile(file as never),
  };
}

contextBridge.exposeInMainWorld('turnwise', createBridge(ipcRenderer, webUtils));
