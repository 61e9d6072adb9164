import type { PreviewFeature } from '@argus/contracts/http/zones';
import { cn } from '../../lib/class-names';
import { PREVIEW_COLOURS } from '../../lib/map/overlays/zones';
import { featureName, previewStatus } from './import-choices';

const STATUS_LABELS = { valid: 'Ready', repaired: 'Repaired', invalid: 'Refused' } as const;

export interface ImportFeatureListProps {
  features: readonly PreviewFeature[];
  nameField: string | null;
  filename: string;
  included: ReadonlySet<number>;
  onToggle: (index: number) => void;
  selected: number | null;
  onSelect: (index: number) => void;
}

/** Every feature of the file with its problems and the repairs proposed, and whether it will be imported. */
export function ImportFeatureList({ features, nameField, filename, included, onToggle, selected, onSelect }: ImportFeatureListProps) {
  return (
    <ol aria-label="Features in the file" className="max-h-[32rem] space-y-2 overflow-y-auto pr-1">
      {features.map((feature) => {
        const status = previewStatus(feature);
        const name = featureName(feature, nameField, filename);
        return (
          <li
            key={feature.index}
            className={cn('rounded-md border p-2 text-sm', feature.index === selected ? 'border-gold' : 'border-line')}
            data-feature-status={status}
          >
            <div className="flex items-center gap-2">
              <input
                type="checkbox"
                aria-label={`Import ${name}`}
                disabled={status === 'invalid'}
                checked={status !== 'invalid' && included.has(feature.index)}
                onChange={() => onToggle(feature.index)}
              />
              <button
                type="button"
                className="min-w-0 flex-1 truncate text-left font-medium hover:underline"
                onClick={() => onSelect(feature.index)}
              >
                {name}
              </button>
              <span className="rounded px-1.5 text-xs font-semibold text-black" style={{ backgroundColor: PREVIEW_COLOURS[status] }}>
                {STATUS_LABELS[status]}
              </span>
            </div>
            {feature.problems.length || feature.repairs.length ? (
              <ul className="mt-1 space-y-0.5 pl-6">
                {feature.problems.map((problem) => (
                  <li
                    key={`p-${problem.code}`}
                    className={status === 'invalid' ? 'text-danger' : 'text-ink-muted'}
                  >{`Problem: ${problem.message}`}</li>
                ))}
                {feature.repairs.map((repair) => (
                  <li key={`r-${repair.code}`} className="text-ink-muted">{`Repair: ${repair.message}`}</li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
