import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RuleResponse } from '@argus/contracts/http/rules';
import { api } from '../../lib/api';
import { ruleQueries } from './rules.queries';

/** Saves a rule's switch and parameters; the engine uses them from the next event on. */
export function useUpdateRuleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled, params }: { id: string; enabled: boolean; params: Record<string, unknown> }) =>
      api.patch(`/rules/${encodeURIComponent(id)}`, { enabled, params }, RuleResponse),
    onSuccess: ({ rule }) =>
      queryClient.setQueryData(ruleQueries.list().queryKey, (old) =>
        old ? { rules: old.rules.map((item) => (item.id === rule.id ? rule : item)) } : old,
      ),
  });
}
