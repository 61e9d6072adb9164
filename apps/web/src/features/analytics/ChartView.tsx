import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartResponse } from '@argus/contracts/http/analytics';
import { CHART_LAYOUTS, rowLabel } from './chart-layouts';
import { useChartTheme } from './chart-palette';

/**
 * Recharts drawing of one chart table. Vocabulary: the category column is the axis (time bucket,
 * milestone, unit…), the value columns are the series; info columns appear in the table only.
 */
export function ChartView({ chart }: { chart: ChartResponse }) {
  const theme = useChartTheme();
  const layout = CHART_LAYOUTS[chart.chart];
  const series = chart.columns.filter((column) => column.role === 'value');
  const data = chart.rows.map((row) => ({ ...row, __label: rowLabel(chart, row) }));
  const colour = (label: string, index: number) =>
    layout.colours?.[theme.highContrast ? 'contrast' : 'dark'][label] ?? theme.series[index % theme.series.length]!;
  const horizontal = layout.kind === 'stacked-bars' || layout.kind === 'bars';
  const stacked = layout.kind === 'stacked-columns' || layout.kind === 'stacked-bars';
  const axis = { stroke: theme.muted, tick: { fill: theme.ink, fontSize: 12 } };
  // Side by side, each series of a row needs its own bar's height.
  const rowHeight = stacked ? 32 : 16 + 16 * series.length;
  const height = horizontal ? Math.max(160, 40 + data.length * rowHeight) : 280;

  return (
    <div style={{ height }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 16, bottom: 8, left: horizontal ? 8 : 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={theme.grid} strokeDasharray={theme.highContrast ? undefined : '3 3'} />
          {horizontal ? (
            <>
              <XAxis type="number" allowDecimals {...axis} />
              <YAxis type="category" dataKey="__label" width={140} interval={0} {...axis} />
            </>
          ) : (
            <>
              <XAxis dataKey="__label" minTickGap={8} {...axis} />
              <YAxis
                allowDecimals={
                  layout.unit !== 'incidents' && layout.unit !== 'reports' && layout.unit !== 'alerts' && layout.unit !== 'assignments'
                }
                width={48}
                {...axis}
              />
            </>
          )}
          <Tooltip
            contentStyle={{ background: theme.surface, border: `1px solid ${theme.grid}`, color: theme.ink }}
            labelStyle={{ color: theme.ink }}
            itemStyle={{ color: theme.ink }}
            cursor={{ fill: theme.grid, fillOpacity: 0.3 }}
            isAnimationActive={false}
          />
          {series.length > 1 ? <Legend wrapperStyle={{ color: theme.ink }} itemSorter={null} /> : null}
          {series.map((column, index) => (
            <Bar
              key={column.key}
              dataKey={column.key}
              name={column.label}
              stackId={stacked ? 'stack' : undefined}
              fill={colour(column.label, index)}
              stroke={theme.highContrast ? '#000000' : undefined}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
