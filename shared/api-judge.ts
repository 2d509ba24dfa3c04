// The judge methods of the API table; shared/api.ts spreads them into API.
export const JUDGE_API = {} as const;
