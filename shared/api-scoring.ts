// The scoring methods of the API table; shared/api.ts spreads them into API.
export const SCORING_API = {} as const;
