import { useId, useState } from 'react';
import { DISMISS_VERDICTS } from '@argus/contracts/alerts';
import { Button } from '../../components/ui/Button';

export interface DismissAlertFormProps {
  title: string;
  busy: boolean;
  onDismiss: (verdict: string) => void;
  onCancel: () => void;
}

const OTHER = 'Other';

/** Dismissing always says why (docs/decisions/0018-alerts-without-fatigue.md): a verdict from the list, or the person's own words. */
export function DismissAlertForm({ title, busy, onDismiss, onCancel }: DismissAlertFormProps) {
  const id = useId();
  const [choice, setChoice] = useState<string>(DISMISS_VERDICTS[0]);
  const [other, setOther] = useState('');
  const verdict = choice === OTHER ? other.trim() : choice;
  return (
    <form
      className="space-y-2 rounded-md border border-line p-2"
      aria-label={`Dismiss ${title}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (verdict) onDismiss(verdict);
      }}
    >
      <label htmlFor={`${id}-verdict`} className="block font-medium">
        Why is it dismissed?
      </label>
      <select
        id={`${id}-verdict`}
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        className="min-h-11 w-full rounded-md border border-line bg-surface-sunken px-2"
      >
        {[...DISMISS_VERDICTS, OTHER].map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {choice === OTHER ? (
        <input
          aria-label="Verdict in your own words"
          value={other}
          maxLength={500}
          onChange={(event) => setOther(event.target.value)}
          className="min-h-11 w-full rounded-md border border-line bg-surface-sunken px-2"
        />
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={busy || !verdict}>
          Dismiss
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
