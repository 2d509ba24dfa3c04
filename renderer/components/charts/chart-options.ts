// Shared ECharts settings. Tooltips render as rich text on the canvas, never as HTML, because
// task ids, model names and the like come from untrusted trajectory data.
export const TOOLTIP = { renderMode: 'richText', confine: true } as const;

/** Tooltip parameters of one item (the fields these charts use). */
export interface TooltipItem {
  seriesName?: string;
  seriesIndex?: number;
  dataIndex: number;
  name?: string;
}

export function firstItem(params: unknown): TooltipItem {
  return (Array.isArray(params) ? params[0] : params) as TooltipItem;
}

export function percent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** Up to 4 significant digits: enough for bin edges and thresholds. */
export function short(value: number): string {
  return Number(value.toPrecision(4)).toString();
}
