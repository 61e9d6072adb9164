import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ChartResponse, analyticsPath, type ChartId } from '@argus/contracts/http/analytics';
import { api } from '../../lib/api';

export interface ChartRange {
  from: number;
  to: number;
  includeExercise: boolean;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  chart: (chart: ChartId, range: ChartRange) => ['analytics', chart, range] as const,
};

/** One chart's table for a range; the previous range's chart stays up while the next loads. */
export const analyticsQueries = {
  chart: (chart: ChartId, range: ChartRange) =>
    queryOptions({
      queryKey: analyticsKeys.chart(chart, range),
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({
          from: String(range.from),
          to: String(range.to),
          includeExercise: String(range.includeExercise),
        });
        return api.get(`${analyticsPath(chart)}?${query.toString()}`, ChartResponse, { signal });
      },
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};
