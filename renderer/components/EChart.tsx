// An ECharts chart as a React component: created on mount, updated with each new option,
// resized with its box, disposed on unmount. Only the chart types registered here are bundled.
import { BarChart, GraphChart, HeatmapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([
  BarChart,
  GraphChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** What a click on a data item (a bar, a graph node or edge) reports. */
export interface EChartItemClick {
  seriesIndex: number;
  dataIndex: number;
  dataType: string | undefined;
}

export function EChart({
  option,
  height,
  onItemClick,
}: {
  option: EChartsCoreOption;
  height: number;
  onItemClick?: (item: EChartItemClick) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // The latest handler, so a new callback each render does not rebind the chart's listener.
  const clickHandler = useRef(onItemClick);
  useEffect(() => {
    clickHandler.current = onItemClick;
  }, [onItemClick]);

  useEffect(() => {
    if (box.current === null) return undefined;
    const instance = echarts.init(box.current);
    chart.current = instance;
    instance.on('click', (params) => {
      const { seriesIndex, dataIndex, dataType } = params as {
        seriesIndex?: number;
        dataIndex?: number;
        dataType?: string;
      };
      if (seriesIndex === undefined || dataIndex === undefined) return;
      clickHandler.current?.({ seriesIndex, dataIndex, dataType });
    });
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} style={{ height, width: '100%' }} />;
}
