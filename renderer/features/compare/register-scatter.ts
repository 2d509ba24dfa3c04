// The chart types the compare scatter needs beyond the bars EChart.tsx registers: scatter points,
// the diagonal line and the status legend; echarts.use is global, so importing this once is enough.
import { LineChart, ScatterChart } from 'echarts/charts';
import { LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

echarts.use([ScatterChart, LineChart, LegendComponent]);
