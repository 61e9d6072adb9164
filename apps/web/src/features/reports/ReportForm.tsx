import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { CreateReportRequest } from '@argus/contracts/http/reports';
import type { ReportKind } from '@argus/contracts/reports';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { newClientId } from '../../lib/outbox/client-id';
import type { OutboxAction, OutboxItem } from '../../lib/outbox/outbox-item';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { FormMessage } from '../../components/ui/FormMessage';
import { SavedReportNotice } from './SavedReportNotice';
import { LocationField, type ChosenLocation } from './LocationField';
import { MapPick } from './MapPick';
import { PhotoPicker, type PickedPhoto } from './PhotoPicker';
import { CATEGORY_LABELS, REPORT_CATEGORIES, type ReportCategory } from './report-location';

export interface ReportFormProps {
  kind: ReportKind;
  enqueue: (action: OutboxAction) => Promise<OutboxItem>;
  /** The outbox as it stands, so the form says whether its report went at once or waits for a connection. */
  outboxItems: readonly OutboxItem[];
  /** The device's latest fix, when the page already follows it: used until the reporter sets another place. */
  deviceLocation?: ChosenLocation | null;
  /** Open the back camera for photos rather than offering the gallery. */
  capturePhotos?: boolean;
}

type Field = 'category' | 'description' | 'location';

/**
 * A report with photos, written to the outbox before anything is sent: a report typed with no
 * signal, or in a tab that then closes, still arrives (once) when the connection returns.
 */
export function ReportForm({ kind, enqueue, outboxItems, deviceLocation = null, capturePhotos = false }: ReportFormProps) {
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<ChosenLocation | null>(null);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoProblem, setPhotoProblem] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const categoryId = useId();
  const descriptionId = useId();
  const location = chosen ?? deviceLocation;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSavedId(null);
    setSaveError(undefined);
    const parsed = CreateReportRequest.safeParse({ clientId: newClientId(), kind, category, description, location: location?.location });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error, ['category', 'description', 'location']);
      if (next.location) next.location = 'Set where it is: use your location or type it.';
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const item = await enqueue({
        kind: 'report',
        body: parsed.data,
        photos: photos.map((photo) => ({
          id: photo.id,
          blob: photo.file,
          type: photo.file.type,
          name: photo.file.name,
          size: photo.file.size,
          sent: false,
        })),
      });
      setCategory('');
      setDescription('');
      setChosen(null);
      setPhotos([]);
      setSavedId(item.id);
    } catch {
      setSaveError('This device could not store the report. Nothing was sent; try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={categoryId} className="font-medium">
          What is it?
        </label>
        <select
          id={categoryId}
          value={category}
          onChange={(event) => setCategory(event.target.value as ReportCategory | '')}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${categoryId}-error` : undefined}
          className="min-h-12 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
        >
          <option value="">Choose a category</option>
          {REPORT_CATEGORIES.map((option) => (
            <option key={option} value={option}>
              {CATEGORY_LABELS[option]}
            </option>
          ))}
        </select>
        <FieldError id={`${categoryId}-error`} message={errors.category} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="font-medium">
          What do you see?
        </label>
        <textarea
          id={descriptionId}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={4}
          maxLength={5000}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
          className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
        />
        <FieldError id={`${descriptionId}-error`} message={errors.description} />
      </div>
      <LocationField
        value={location}
        onChange={setChosen}
        error={errors.location}
        mapPicker={<MapPick value={location} onPick={setChosen} />}
      />
      <PhotoPicker photos={photos} onChange={setPhotos} onProblem={setPhotoProblem} capture={capturePhotos} />
      {photoProblem ? <FormMessage tone="error">{photoProblem}</FormMessage> : null}
      {saveError ? <FormMessage tone="error">{saveError}</FormMessage> : null}
      {savedId ? <SavedReportNotice item={outboxItems.find((candidate) => candidate.id === savedId)} /> : null}
      <Button type="submit" disabled={saving} className="min-h-14 w-full text-lg">
        <Send aria-hidden="true" className="size-5" />
        {saving ? 'Saving...' : 'Send report'}
      </Button>
    </form>
  );
}
