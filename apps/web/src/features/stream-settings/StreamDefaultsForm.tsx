import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  STREAM_BITRATE_KBPS,
  STREAM_CODECS,
  STREAM_FRAME_RATES,
  STREAM_RESOLUTION_NAMES,
  STREAM_RESOLUTIONS,
  StreamDefaults,
  type StreamDefaults as Defaults,
} from '@argus/contracts/http/stream-settings';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { Loading } from '../video/Loading';
import { streamSettingsQueries } from './stream-settings.queries';
import { useUpdateStreamDefaultsMutation } from './stream-settings.mutations';
import { SelectField } from '../../components/ui/SelectField';

const CODEC_LABELS: Record<Defaults['codec'], string> = {
  auto: 'Automatic (browser and SFU agree)', // short enough for a phone's select
  H264: 'H.264 (phones encode it in hardware)',
  VP8: 'VP8 (every browser)',
};

const RESOLUTION_OPTIONS = STREAM_RESOLUTION_NAMES.map((name) => ({
  value: name,
  label: `${name} (${STREAM_RESOLUTIONS[name].width}×${STREAM_RESOLUTIONS[name].height})`,
}));
const FRAME_RATE_OPTIONS = STREAM_FRAME_RATES.map((rate) => ({ value: String(rate), label: `${rate} fps` }));
const CODEC_OPTIONS = STREAM_CODECS.map((codec) => ({ value: codec, label: CODEC_LABELS[codec] }));

/** My publishing defaults, used when I go live, test or produce. */
export function StreamDefaultsForm() {
  const mine = useQuery(streamSettingsQueries.mine());
  // Held here, not in the editor: a save changes updatedAt, which remounts the editor with the
  // saved values, and the confirmation must survive that.
  const update = useUpdateStreamDefaultsMutation();
  if (mine.isPending) return <Loading>Loading your defaults...</Loading>;
  if (mine.isError) return <FormMessage tone="error">{describeError(mine.error)}</FormMessage>;
  return <DefaultsEditor key={mine.data.updatedAt ?? 0} initial={mine.data.defaults} update={update} />;
}

function DefaultsEditor({ initial, update }: { initial: Defaults; update: ReturnType<typeof useUpdateStreamDefaultsMutation> }) {
  const [draft, setDraft] = useState<Defaults>(initial);
  const [localError, setLocalError] = useState<string>();
  const set = <K extends keyof Defaults>(key: K, value: Defaults[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    // A confirmation belongs to the values it saved; an edit after it is not saved yet.
    update.reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = StreamDefaults.safeParse(draft);
    if (!parsed.success) {
      setLocalError(parsed.error.issues[0]?.message);
      return;
    }
    setLocalError(undefined);
    update.mutate(parsed.data);
  };

  const error = localError ?? (update.isError ? describeError(update.error) : undefined);
  return (
    <form noValidate onSubmit={handleSubmit} className="grid max-w-2xl gap-4 sm:grid-cols-2">
      <SelectField
        label="Resolution"
        value={draft.resolution}
        options={RESOLUTION_OPTIONS}
        onChange={(value) => set('resolution', value)}
      />
      <SelectField
        label="Frame rate"
        value={String(draft.frameRate)}
        options={FRAME_RATE_OPTIONS}
        onChange={(value) => {
          const rate = STREAM_FRAME_RATES.find((candidate) => String(candidate) === value);
          if (rate !== undefined) set('frameRate', rate);
        }}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="stream-bitrate" className="font-medium">
          Bitrate (kbit/s)
        </label>
        <input
          id="stream-bitrate"
          type="number"
          inputMode="numeric"
          min={STREAM_BITRATE_KBPS.min}
          max={STREAM_BITRATE_KBPS.max}
          step={50}
          value={Number.isFinite(draft.bitrateKbps) ? draft.bitrateKbps : ''}
          onChange={(event) => set('bitrateKbps', event.target.valueAsNumber)}
          aria-describedby="stream-bitrate-hint"
          className="min-h-11 rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
        />
        <p id="stream-bitrate-hint" className="text-sm text-ink-muted">
          {STREAM_BITRATE_KBPS.min} to {STREAM_BITRATE_KBPS.max}; about 1500 suits 720p.
        </p>
      </div>
      <SelectField label="Codec preference" value={draft.codec} options={CODEC_OPTIONS} onChange={(value) => set('codec', value)} />
      <div className="space-y-3 sm:col-span-2">
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        {update.isSuccess && !error ? <FormMessage tone="success">Your defaults are saved.</FormMessage> : null}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save my defaults'}
        </Button>
      </div>
    </form>
  );
}
