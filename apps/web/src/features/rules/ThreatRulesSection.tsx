import { useQuery } from '@tanstack/react-query';
import { RULE_KINDS } from '@argus/contracts/http/rules';
import { isCommandRole } from '@argus/contracts/roles';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { useAuth } from '../auth/auth-context';
import { RuleForm } from './RuleForm';
import { ruleQueries } from './rules.queries';

/**
 * "Threat rules": the parameters of the rules engine (docs/decisions/0013-threat-rules-engine.md). Command staff switch
 * rules on and off and tune them; analysts see them read-only.
 */
export function ThreatRulesSection() {
  const { user } = useAuth();
  const rules = useQuery(ruleQueries.list());
  const readOnly = !isCommandRole(user?.role);
  return (
    <section aria-labelledby="threat-rules-heading" className="space-y-3">
      <h2 id="threat-rules-heading" className="text-xl font-semibold">
        Threat rules
      </h2>
      <p className="text-ink-muted">
        {readOnly
          ? 'The rules that raise alerts from positions, reports and camera detections. Only command staff change them.'
          : 'The rules that raise alerts from positions, reports and camera detections. Changes apply from the next event.'}
      </p>
      {rules.isError ? <FormMessage tone="error">{`Could not load the rules: ${describeError(rules.error)}`}</FormMessage> : null}
      {rules.isPending ? <p className="text-ink-muted">Loading the rules…</p> : null}
      <div className="grid gap-4 xl:grid-cols-2">
        {[...(rules.data?.rules ?? [])]
          .sort((a, b) => RULE_KINDS.indexOf(a.kind) - RULE_KINDS.indexOf(b.kind))
          .map((rule) => (
            <RuleForm key={rule.id} rule={rule} readOnly={readOnly} />
          ))}
      </div>
    </section>
  );
}
