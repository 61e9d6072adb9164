import { ANALYTICS_PRESETS, type AnalyticsPreset } from '@argus/contracts/http/analytics';
import { TextField } from '../../components/ui/TextField';
import type { RangeChoice } from './analytics-range';

const PRESETS = Object.entries(ANALYTICS_PRESETS) as [AnalyticsPreset, (typeof ANALYTICS_PRESETS)[AnalyticsPreset]][];

/** The time range of every chart on the page, and whether exercise data counts. */
export function RangePicker({
  value,
  onChange,
  problem,
}: {
  value: RangeChoice;
  onChange: (next: RangeChoice) => void;
  problem: string | null;
}) {
  return (
    <form className="flex flex-wrap items-end gap-4" aria-label="Range of the charts" onSubmit={(event) => event.preventDefault()}>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 font-medium">Time range</legend>
        {[...PRESETS, ['custom', { label: 'Custom' }] as const].map(([preset, { label }]) => (
          <label
            key={preset}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 has-[:checked]:border-gold has-[:checked]:bg-surface-raised"
          >
            <input
              type="radio"
              name="analytics-range"
              value={preset}
              checked={value.preset === preset}
              onChange={() => onChange({ ...value, preset })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {value.preset === 'custom' ? (
        <>
          <TextField
            label="From"
            type="datetime-local"
            value={value.customFrom}
            onChange={(event) => onChange({ ...value, customFrom: event.target.value })}
            error={problem ?? undefined}
          />
          <TextField
            label="To"
            type="datetime-local"
            value={value.customTo}
            onChange={(event) => onChange({ ...value, customTo: event.target.value })}
          />
        </>
      ) : null}
      <label className="flex min-h-11 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          checked={value.includeExercise}
          onChange={(event) => onChange({ ...value, includeExercise: event.target.checked })}
        />
        Include exercise data
      </label>
    </form>
  );
}
