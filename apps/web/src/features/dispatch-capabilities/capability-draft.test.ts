import { describe, expect, it } from 'vitest';
import { DispatchCapabilities } from '@argus/contracts/http/dispatch-capabilities';
import { draftErrors, draftFromTable, offeredCapabilities, splitCapabilities, tableFromDraft } from './capability-draft';

const saved = {
  unitKinds: [
    { kind: 'patrol' as const, capabilities: ['law enforcement'], speedKmh: 45 },
    { kind: 'fire' as const, capabilities: ['fire suppression', 'technical rescue'], speedKmh: 35 },
  ],
  categories: [{ category: 'fire', needs: ['fire suppression'] }],
  updatedAt: null,
  updatedBy: null,
};

describe('the capability draft', () => {
  it('round-trips the saved table', () => {
    const draft = draftFromTable(saved);
    expect(draft.kinds[1]).toEqual({ kind: 'fire', capabilities: 'fire suppression, technical rescue', speed: '35' });
    expect(tableFromDraft(draft)).toEqual({ unitKinds: saved.unitKinds, categories: saved.categories });
    expect(offeredCapabilities(draft)).toEqual(['law enforcement', 'fire suppression', 'technical rescue']);
  });

  it('splits what is typed on commas, ignoring blanks and case', () => {
    expect(splitCapabilities(' Fire Suppression,, pumping , ')).toEqual(['fire suppression', 'pumping']);
    expect(splitCapabilities('pumping\nladders')).toEqual(['pumping', 'ladders']);
  });

  it('puts each problem the shared schema finds beside its field', () => {
    const issuesOf = (draft: ReturnType<typeof draftFromTable>) =>
      DispatchCapabilities.safeParse(tableFromDraft(draft)).error!.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
    const draft = draftFromTable(saved);
    draft.kinds[1]!.speed = '';
    expect(draftErrors(issuesOf(draft))).toEqual({ 'kind.1.speed': 'Speed must be a number of km/h.' });
    draft.kinds[1]!.speed = '35';
    draft.categories[0]!.needs = ['boats'];
    expect(draftErrors(issuesOf(draft))).toEqual({
      'category.0.needs': 'No unit kind has “boats”: give it to a kind first.',
      // The test table lists two kinds of eight.
      form: expect.stringContaining('List each unit kind exactly once'),
    });
  });
});
