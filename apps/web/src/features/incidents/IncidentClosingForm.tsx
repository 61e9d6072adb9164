import { useState, type FormEvent } from 'react';
import { INCIDENT_DISPOSITIONS, type IncidentDisposition } from '@argus/contracts/incidents';
import { Disposition, type Incident } from '@argus/contracts/http/incidents';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { describeError } from '../../lib/api-error';
import { DISPOSITION_LABELS } from './incident-labels';
import { useUpdateIncidentMutation } from './incidents.mutations';

const OPTIONS = INCIDENT_DISPOSITIONS.map((code) => ({ value: code, label: DISPOSITION_LABELS[code] }));

/** Resolves or closes an incident with how it ended: an outcome code and a summary (docs/decisions/0035-incident-management.md). */
export function IncidentClosingForm({
  incident,
  target,
  onDone,
}: {
  incident: Incident;
  target: 'resolved' | 'closed';
  onDone: () => void;
}) {
  const update = useUpdateIncidentMutation();
  const [code, setCode] = useState<IncidentDisposition>(incident.disposition?.code ?? 'resolved_by_unit');
  const [summary, setSummary] = useState(incident.disposition?.summary ?? '');
  const [problem, setProblem] = useState<string>();
  const verb = target === 'resolved' ? 'Resolve' : 'Close';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Disposition.safeParse({ code, summary });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    update.mutate(
      { id: incident.id, changes: { status: target, disposition: parsed.data, expectedUpdatedAt: incident.updatedAt } },
      { onSuccess: onDone },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="closing-heading" className="space-y-3 rounded-md border border-line p-3">
      <h3 id="closing-heading" className="text-base font-semibold">
        {`${verb} ${incident.reference}`}
      </h3>
      <SelectField label="Outcome" value={code} options={OPTIONS} onChange={setCode} />
      <TextAreaField
        label="Summary"
        rows={3}
        hint="What happened and what was done, for the record."
        value={summary}
        onChange={(event) => setSummary(event.target.value)}
        error={problem}
      />
      {update.isError ? (
        <FormMessage tone="error">{`Could not ${verb.toLowerCase()} the incident: ${describeError(update.error)}`}</FormMessage>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : `${verb} incident`}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
