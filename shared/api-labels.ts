// The labels methods of the API table; shared/api.ts spreads them into API.
export const LABELS_API = {} as const;
