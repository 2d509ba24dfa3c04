// The chart types the charts page needs beyond the bars EChart.tsx registers (the ROC line and
// the outcome legend); echarts.use is global, so importing this module once is enough.
import { LineChart } from 'echarts/charts';
import { LegendComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

echarts.use([LineChart, LegendComponent]);
