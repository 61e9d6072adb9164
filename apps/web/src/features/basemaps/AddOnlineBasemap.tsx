import { useId, useState, type FormEvent } from 'react';
import {
  BASEMAP_ONLINE_FORMATS,
  CreateOnlineBasemapRequest,
  MAX_TILE_ZOOM,
  TILE_TYPES,
  type TileType,
} from '@argus/contracts/http/basemaps';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { FORMAT_LABELS } from './basemap-describe';
import { useCreateOnlineBasemapMutation } from './basemaps.mutations';
import { serverFieldErrors } from './server-field-errors';

type OnlineFormat = (typeof BASEMAP_ONLINE_FORMATS)[number];
const FIELDS = ['name', 'format', 'url', 'tileType', 'attribution', 'minZoom', 'maxZoom', 'form'] as const;
type OnlineField = (typeof FIELDS)[number];

const FORMAT_OPTIONS = BASEMAP_ONLINE_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }));
const TILE_TYPE_LABELS: Record<TileType, string> = { raster: 'Raster (images)', vector: 'Vector' };
const TILE_TYPE_OPTIONS = TILE_TYPES.map((type) => ({ value: type, label: TILE_TYPE_LABELS[type] }));

const ADDRESS_HINTS: Record<OnlineFormat, string> = {
  xyz: 'A tile address with {z}, {x} and {y}, e.g. https://tiles.example.org/{z}/{x}/{y}.png',
  tilejson: 'The address of a TileJSON document, e.g. https://tiles.example.org/streets.json',
  style: 'The address of a MapLibre style, e.g. https://tiles.example.org/style.json',
};

const EMPTY = {
  name: '',
  format: 'xyz' as OnlineFormat,
  url: '',
  tileType: 'raster' as TileType,
  attribution: '',
  minZoom: '0',
  maxZoom: '19',
};

/** A zoom box's text as the request wants it: a number, or absent to take the default when left empty. */
const zoomValue = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * Adds an online source for deployments with a network: the browser, never Argus, fetches it
 * (docs/decisions/0029-basemaps-served-by-argus.md). Checked here with the contract's own schema,
 * then by the server; a refusal keeps everything typed.
 */
export function AddOnlineBasemap() {
  const create = useCreateOnlineBasemapMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<OnlineField>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const id = useId();
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) => setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = CreateOnlineBasemapRequest.safeParse({
      ...values,
      name: values.name.trim(),
      url: values.url.trim(),
      attribution: values.attribution.trim(),
      minZoom: zoomValue(values.minZoom),
      maxZoom: zoomValue(values.maxZoom),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, FIELDS));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ basemap }) => {
        setValues(EMPTY);
        setOutcome(`Added ${basemap.name}.`);
      },
      onError: (error) => setErrors(serverFieldErrors(error, FIELDS, 'form')),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-line p-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Add an online source
      </h3>
      <TextField
        label="Name"
        name="name"
        value={values.name}
        maxLength={80}
        onChange={(event) => set('name', event.target.value)}
        error={errors.name}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField<OnlineFormat>
          label="Kind of source"
          value={values.format}
          options={FORMAT_OPTIONS}
          onChange={(format) => set('format', format)}
        />
        <SelectField<TileType>
          label="Tile type"
          value={values.tileType}
          options={TILE_TYPE_OPTIONS}
          onChange={(type) => set('tileType', type)}
        />
      </div>
      <TextField
        label="Address"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        hint={ADDRESS_HINTS[values.format]}
        value={values.url}
        onChange={(event) => set('url', event.target.value)}
        error={errors.url}
      />
      <TextField
        label="Attribution"
        name="attribution"
        hint="Credit the map's makers as its licence asks, e.g. © OpenStreetMap contributors"
        value={values.attribution}
        onChange={(event) => set('attribution', event.target.value)}
        error={errors.attribution}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Lowest zoom"
          name="minZoom"
          inputMode="numeric"
          value={values.minZoom}
          onChange={(event) => set('minZoom', event.target.value)}
          error={errors.minZoom}
        />
        <TextField
          label="Highest zoom"
          name="maxZoom"
          inputMode="numeric"
          hint={`0 to ${MAX_TILE_ZOOM}`}
          value={values.maxZoom}
          onChange={(event) => set('maxZoom', event.target.value)}
          error={errors.maxZoom}
        />
      </div>
      {errors.form || errors.format || errors.tileType ? (
        <FormMessage tone="error">{errors.form ?? errors.format ?? errors.tileType}</FormMessage>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : 'Add online source'}
      </Button>
      {outcome ? <FormMessage tone="success">{outcome}</FormMessage> : null}
    </form>
  );
}
