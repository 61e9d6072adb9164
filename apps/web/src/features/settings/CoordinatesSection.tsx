import { SelectField } from '../../components/ui/SelectField';
import { useSavedCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { COORDINATE_FORMATS, COORDINATE_FORMAT_LABELS, type CoordinateFormat } from '../../lib/geo/format-coordinate';

const PAGE_DEFAULT = 'page-default';
type Choice = CoordinateFormat | typeof PAGE_DEFAULT;

const OPTIONS: { value: Choice; label: string }[] = [
  // Short enough for a phone's select; what "each page" means is the field's hint.
  { value: PAGE_DEFAULT, label: 'As each page shows them' },
  ...COORDINATE_FORMATS.map((format) => ({ value: format, label: COORDINATE_FORMAT_LABELS[format] })),
];

/** How coordinates read everywhere on this device (docs/decisions/0031-coordinates-in-every-format.md). */
export function CoordinatesSection() {
  const [saved, setSaved] = useSavedCoordinateFormat();
  return (
    <section aria-labelledby="coordinates-heading" className="space-y-2">
      <h2 id="coordinates-heading" className="text-xl font-semibold">
        Coordinates
      </h2>
      <p className="text-ink-muted">Saved on this device. Every coordinate box reads all of these formats, whichever you choose.</p>
      <SelectField<Choice>
        label="Show coordinates as"
        value={saved ?? PAGE_DEFAULT}
        options={OPTIONS}
        onChange={(choice) => setSaved(choice === PAGE_DEFAULT ? null : choice)}
        hint="By default the consoles show degrees and the field pages MGRS."
        className="max-w-xl"
      />
    </section>
  );
}
