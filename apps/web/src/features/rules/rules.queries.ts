import { queryOptions } from '@tanstack/react-query';
import { RuleListResponse } from '@argus/contracts/http/rules';
import { api } from '../../lib/api';

export const ruleQueries = {
  all: ['rules'] as const,
  list: () =>
    queryOptions({
      queryKey: [...ruleQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/rules', RuleListResponse, { signal }),
    }),
};
