/**
 * The home charts, loaded as their own chunk (React.lazy in Statistics.tsx): echarts' tree-shakable core with only
 * the parts drawn here, registered once when this module is first evaluated.
 */
import { useMemo } from 'react';
import { Card, Col, Row, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import EChartsReactCore from 'echarts-for-react/esm/core';
import type { Opts } from 'echarts-for-react/esm/types';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import type { DayVolume, PaymentTypeVolume } from './api';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer, SVGRenderer]);

const CHART_HEIGHT = 300;
/** The ring leaves room under it for the legend (an HTML list that wraps, so no name is ever cut). */
const RING_HEIGHT = 220;
/** Second colour of the day chart (the payment-count line) and the pie's palette after the brand colour. */
const PALETTE = ['#f59e0b', '#10b981', '#6366f1', '#ef4444', '#06b6d4', '#8b5cf6', '#84cc16', '#f97316'];
const DEFAULT_OPTS: Opts = { renderer: 'canvas' };

export interface StatisticsChartsProps {
  /** Every day of the range, in order (days without payments carry zeros). */
  days: DayVolume[];
  byPaymentType: PaymentTypeVolume[];
  /** A server amount in the user's money format, with its currency (tooltips and legend). */
  money: (value: string) => string;
  /** Number format of the axis labels (compact). */
  compact: (value: number) => string;
  /** A share (0..1) in the user's percent format. */
  percent: (share: number) => string;
  /** echarts init options; jsdom tests pass `{ renderer: 'svg' }`. */
  opts?: Opts;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface AxisParam {
  dataIndex: number;
  marker?: string;
}
interface ItemParam {
  dataIndex: number;
  marker?: string;
  percent?: number;
}

export default function StatisticsCharts({ days, byPaymentType, money, compact, percent, opts = DEFAULT_OPTS }: StatisticsChartsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const amountLabel = t('statistics.amount');
  const countLabel = t('statistics.count');

  const dayOption = useMemo(
    () => ({
      color: [token.colorPrimary, PALETTE[0]],
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (params: AxisParam[] | AxisParam) => {
          const list = Array.isArray(params) ? params : [params];
          const d = days[list[0]?.dataIndex ?? -1];
          if (!d) return '';
          return [
            `<b>${escapeHtml(d.date)}</b>`,
            `${list[0]?.marker ?? ''}${escapeHtml(amountLabel)}: ${escapeHtml(money(d.amount))}`,
            `${list[1]?.marker ?? ''}${escapeHtml(countLabel)}: ${d.count}`,
          ].join('<br/>');
        },
      },
      legend: { top: 0, data: [amountLabel, countLabel] },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)), axisTick: { alignWithLabel: true } },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (v: number) => compact(v) } },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        { name: amountLabel, type: 'bar', barMaxWidth: 28, data: days.map((d) => Number(d.amount)) },
        { name: countLabel, type: 'line', yAxisIndex: 1, smooth: true, symbolSize: 6, data: days.map((d) => d.count) },
      ],
    }),
    [days, money, compact, amountLabel, countLabel, token.colorPrimary],
  );

  const colors = useMemo(() => [token.colorPrimary, ...PALETTE], [token.colorPrimary]);
  const labelled = useMemo(() => {
    const total = byPaymentType.reduce((sum, p) => sum + Number(p.amount), 0);
    return byPaymentType.map((p, i) => ({
      ...p,
      label: t(`enum.paymentType.${p.paymentType}`, { defaultValue: String(p.paymentType) }),
      share: total > 0 ? Number(p.amount) / total : 0,
      color: colors[i % colors.length]!,
    }));
  }, [byPaymentType, colors, t]);

  // Names and shares live in the legend under the ring, not as labels around it: a label beside a narrow ring was
  // cut ("Transfe...", "Bolet...") in longer languages.
  const typeOption = useMemo(
    () => ({
      color: colors,
      tooltip: {
        trigger: 'item',
        formatter: (param: ItemParam) => {
          const p = labelled[param.dataIndex];
          if (!p) return '';
          return [
            `${param.marker ?? ''}<b>${escapeHtml(p.label)}</b> (${escapeHtml(percent(p.share))})`,
            `${escapeHtml(amountLabel)}: ${escapeHtml(money(p.amount))}`,
            `${escapeHtml(countLabel)}: ${p.count}`,
          ].join('<br/>');
        },
      },
      series: [
        {
          type: 'pie',
          radius: ['55%', '90%'],
          center: ['50%', '50%'],
          label: { show: false },
          data: labelled.map((p) => ({ name: p.label, value: Number(p.amount) })),
        },
      ],
    }),
    [labelled, colors, money, percent, amountLabel, countLabel],
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card title={t('statistics.byDay')} className="mg-home__card" data-testid="home-chart-day">
          <EChartsReactCore echarts={echarts} option={dayOption} opts={opts} notMerge style={{ height: CHART_HEIGHT }} />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title={t('statistics.byPaymentType')} className="mg-home__card" data-testid="home-chart-type">
          <EChartsReactCore echarts={echarts} option={typeOption} opts={opts} notMerge style={{ height: RING_HEIGHT }} />
          <ul className="mg-chart-legend" data-testid="home-chart-type-legend">
            {labelled.map((p) => (
              <li key={p.paymentType}>
                <span className="mg-chart-legend__swatch" style={{ background: p.color }} aria-hidden />
                <span className="mg-chart-legend__name">{p.label}</span>
                <span className="mg-chart-legend__share">{percent(p.share)}</span>
                <span className="mg-chart-legend__amount">{money(p.amount)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}
