import type { z } from 'zod';
import { RULE_PARAMS, type RuleKind, type UpdateRuleRequest } from '@argus/contracts/http/rules';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserRow } from '../users/users.repository';
import type { RuleRow, RulesRepository } from './rules.repository';

/** Reading and tuning the threat rules; the engine takes new parameters at once. */
export class RulesService {
  constructor(
    private readonly rules: RulesRepository,
    private readonly clock: Clock,
    private readonly onChange: () => Promise<void>,
  ) {}

  list(): Promise<RuleRow[]> {
    return this.rules.listRules();
  }

  /** Parameters are merged into the current ones and checked against the rule's kind as a whole. */
  async update(editor: UserRow, id: RuleKind, request: z.infer<typeof UpdateRuleRequest>): Promise<RuleRow> {
    const current = await this.rules.findRule(id);
    if (!current) throw new AppError('not_found', 'No such rule.');
    const changes: Partial<RuleRow> = { updated_by: editor.id, updated_at: this.clock.now() };
    if (request.enabled !== undefined) changes.enabled = request.enabled ? 1 : 0;
    if (request.name !== undefined) changes.name = request.name;
    if (request.params !== undefined) {
      const parsed = RULE_PARAMS[id].safeParse({ ...(JSON.parse(current.params) as object), ...request.params });
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ path: ['params', ...issue.path].join('.'), message: issue.message }));
        throw new AppError('validation_failed', issues.map((issue) => issue.message).join(' '), issues);
      }
      changes.params = JSON.stringify(parsed.data);
    }
    await this.rules.updateRule(id, changes);
    await this.onChange();
    return { ...current, ...changes };
  }
}
