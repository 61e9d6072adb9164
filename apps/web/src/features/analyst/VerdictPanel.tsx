import { useState, type FormEvent } from 'react';
import { RejectReportRequest } from '@argus/contracts/http/reports';
import type { IncidentSeverity } from '@argus/contracts/incidents';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { SeveritySelect } from '../incidents/SeveritySelect';
import type { Verdicts } from './useVerdicts';

export interface IncidentChoice {
  id: string;
  label: string;
}

/**
 * Verify (open a new incident, or attach to an open one), merge as a duplicate, or reject with
 * a reason. Everything is disabled unless the viewer holds the triage lock.
 */
export function VerdictPanel({
  verdicts,
  canAct,
  incidents,
  defaultTitle,
}: {
  verdicts: Verdicts;
  canAct: boolean;
  incidents: IncidentChoice[];
  defaultTitle: string;
}) {
  const [title, setTitle] = useState('');
  const [severity, setSeverity] = useState<IncidentSeverity>('medium');
  const [chosen, setChosen] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const incident = chosen || incidents[0]?.id || '';

  const handleVerifyNew = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verdicts.verifyNew(title, severity);
  };
  const handleReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = RejectReportRequest.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    verdicts.reject(parsed.data.reason);
  };

  return (
    <section aria-labelledby="verdict-heading" className="space-y-3">
      <h3 id="verdict-heading" className="text-lg font-semibold">
        Verdict
      </h3>
      <fieldset disabled={!canAct || verdicts.isPending} className="grid gap-4 disabled:opacity-70 md:grid-cols-2">
        <legend className="sr-only">Verdict actions</legend>
        <form
          onSubmit={handleVerifyNew}
          aria-labelledby="verify-new-heading"
          className="flex flex-col gap-3 rounded-lg border border-line p-3"
        >
          <h4 id="verify-new-heading" className="font-semibold">
            Verify into a new incident
          </h4>
          <TextField
            label="Incident title"
            name="title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={defaultTitle}
            hint="Leave empty to use the category and the start of the description."
            maxLength={200}
          />
          <SeveritySelect value={severity} onChange={setSeverity} />
          <Button type="submit" className="mt-auto">
            Verify and open incident
          </Button>
        </form>
        <div role="group" aria-labelledby="attach-heading" className="flex flex-col gap-3 rounded-lg border border-line p-3">
          <h4 id="attach-heading" className="font-semibold">
            An incident already open
          </h4>
          {incidents.length === 0 ? (
            <p className="text-sm text-ink-muted">No open incident to attach to or merge into.</p>
          ) : (
            <>
              <SelectField
                label="Incident"
                value={incident}
                options={incidents.map((option) => ({ value: option.id, label: option.label }))}
                onChange={setChosen}
              />
              <p className="text-sm text-ink-muted">
                Attach: the report confirms the incident. Merge: it is a duplicate of what the incident already covers.
              </p>
              <div className="mt-auto flex flex-wrap gap-2">
                <Button variant="secondary" className="flex-1" onClick={() => verdicts.attach(incident)}>
                  Verify and attach
                </Button>
                <Button variant="secondary" className="flex-1" onClick={() => verdicts.merge(incident)}>
                  Merge as duplicate
                </Button>
              </div>
            </>
          )}
        </div>
        <form
          onSubmit={handleReject}
          noValidate
          aria-labelledby="reject-heading"
          className="flex flex-col gap-3 rounded-lg border border-line p-3 md:col-span-2"
        >
          <h4 id="reject-heading" className="font-semibold">
            Reject
          </h4>
          <TextAreaField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            maxLength={500}
            error={reasonError}
          />
          <Button type="submit" variant="danger" className="self-start">
            Reject report
          </Button>
        </form>
      </fieldset>
      {verdicts.error ? <FormMessage tone="error">{describeError(verdicts.error)}</FormMessage> : null}
    </section>
  );
}
