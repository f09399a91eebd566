/**
 * One channel's last day: outcomes per hour (bars) and the success rate (line), with the thresholds as marks. Its
 * own chunk (React.lazy), with only the echarts parts drawn here.
 */
import { useMemo } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import EChartsReactCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { HealthBucket, HealthThresholds } from '@mg/domain';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, CanvasRenderer]);

const CHART_HEIGHT = 240;
const FAILED_COLOR = '#ef4444';
const PERCENT = 100;

export interface HealthChartProps {
  buckets: HealthBucket[];
  thresholds: HealthThresholds;
  /** A bucket's start as the user reads it (session zone). */
  hourLabel: (iso: string) => string;
  rate: (r: number | null) => string;
}

export default function HealthChart({ buckets, thresholds, hourLabel, rate }: HealthChartProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const option = useMemo(() => {
    const ok = t('channel-health.succeeded');
    const failed = t('channel-health.failed');
    const rateName = t('channel-health.rate');
    return {
      color: [token.colorSuccess, FAILED_COLOR, token.colorPrimary],
      tooltip: { trigger: 'axis', valueFormatter: (v: number | null) => (v === null || v === undefined ? '-' : String(v)) },
      legend: { top: 0, data: [ok, failed, rateName] },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: buckets.map((b) => hourLabel(b.start)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', min: 0, max: PERCENT, splitLine: { show: false }, axisLabel: { formatter: (v: number) => rate(v / PERCENT) } },
      ],
      series: [
        { name: ok, type: 'bar', stack: 'n', barMaxWidth: 18, data: buckets.map((b) => b.succeeded) },
        { name: failed, type: 'bar', stack: 'n', barMaxWidth: 18, data: buckets.map((b) => b.total - b.succeeded) },
        {
          name: rateName,
          type: 'line',
          yAxisIndex: 1,
          connectNulls: false,
          data: buckets.map((b) => (b.rate === null ? null : Math.round(b.rate * PERCENT * 10) / 10)),
          markLine: {
            silent: true,
            symbol: 'none',
            data: [
              // The two lines are close (98 and 95 by default): one label above its line, one below.
              { yAxis: thresholds.greenMin * PERCENT, lineStyle: { color: token.colorSuccess, type: 'dashed' }, label: { position: 'insideStartTop', formatter: () => rate(thresholds.greenMin) } },
              { yAxis: thresholds.amberMin * PERCENT, lineStyle: { color: token.colorWarning, type: 'dashed' }, label: { position: 'insideStartBottom', formatter: () => rate(thresholds.amberMin) } },
            ],
          },
        },
      ],
    };
  }, [buckets, thresholds, hourLabel, rate, t, token]);
  return <EChartsReactCore echarts={echarts} option={option} style={{ height: CHART_HEIGHT }} notMerge opts={{ renderer: 'canvas' }} />;
}
