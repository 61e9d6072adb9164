import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import { CancelDispatchRequest, type Assignment } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { describeError } from '../../lib/api-error';
import { incidentQueries } from '../incidents/incidents.queries';
import { useReassignMutation, useRecallMutation } from './dispatch.mutations';

/**
 * Recall a unit with a reason, or move it to another open incident in one step
 * (docs/decisions/0035-incident-management.md). Both need the unit's callsign in their button,
 * so a dispatcher working several units never recalls the wrong one.
 */
export function AssignmentActions({ assignment, incident }: { assignment: Assignment; incident: Incident }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const recall = useRecallMutation();
  const reassign = useReassignMutation();
  const open = useQuery(incidentQueries.open());
  const targets = (open.data?.incidents ?? []).filter((other) => other.id !== incident.id);
  const [target, setTarget] = useState('');
  const chosen = targets.find((other) => other.id === target) ?? targets[0];

  const handleRecall = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CancelDispatchRequest.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    recall.mutate({ dispatchId: assignment.id, reason: parsed.data.reason });
  };

  return (
    <div className="mt-2 space-y-3">
      <form noValidate onSubmit={handleRecall} className="space-y-2" aria-label={`Recall ${assignment.callsign}`}>
        <TextField
          label="Reason for the recall"
          autoComplete="off"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError}
          hint="The crew sees it, and it goes on the timeline."
        />
        <Button type="submit" variant="secondary" disabled={recall.isPending}>
          {recall.isPending ? 'Recalling...' : `Recall ${assignment.callsign}`}
        </Button>
        {recall.isError ? <FormMessage tone="error">{`Could not recall the unit: ${describeError(recall.error)}`}</FormMessage> : null}
      </form>
      {targets.length > 0 && chosen ? (
        <form
          className="space-y-2"
          aria-label={`Reassign ${assignment.callsign}`}
          onSubmit={(event) => {
            event.preventDefault();
            reassign.mutate({ dispatchId: assignment.id, incidentId: chosen.id });
          }}
        >
          <SelectField
            label="Send to another incident"
            value={chosen.id}
            options={targets.map((other) => ({ value: other.id, label: `${other.reference} · ${other.title}` }))}
            onChange={setTarget}
          />
          <Button type="submit" variant="secondary" disabled={reassign.isPending}>
            {reassign.isPending ? 'Reassigning...' : `Reassign ${assignment.callsign} to ${chosen.reference}`}
          </Button>
          {reassign.isError ? (
            <FormMessage tone="error">{`Could not reassign the unit: ${describeError(reassign.error)}`}</FormMessage>
          ) : null}
        </form>
      ) : (
        <p className="text-sm text-ink-muted">No other open incident to reassign to.</p>
      )}
    </div>
  );
}
