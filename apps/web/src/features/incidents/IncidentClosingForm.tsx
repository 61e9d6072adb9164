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

/**
 * Resolves or closes an incident with how it ended: an outcome code and a summary for the record
 * (docs/decisions/0035-incident-management.md), and a note for the people who reported it, which is
 * all they are told of the outcome (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
 */
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
  const [publicNote, setPublicNote] = useState(incident.disposition?.publicNote ?? '');
  const [problems, setProblems] = useState<{ summary?: string; publicNote?: string }>({});
  const verb = target === 'resolved' ? 'Resolve' : 'Close';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Disposition.safeParse({ code, summary, publicNote });
    if (!parsed.success) {
      const messageFor = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setProblems({ summary: messageFor('summary'), publicNote: messageFor('publicNote') });
      return;
    }
    setProblems({});
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
        error={problems.summary}
      />
      <TextAreaField
        label="Note for the public"
        rows={2}
        hint="Shown to the people who reported it, with their report closed. Leave empty to tell them only that it is closed."
        value={publicNote}
        onChange={(event) => setPublicNote(event.target.value)}
        error={problems.publicNote}
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
