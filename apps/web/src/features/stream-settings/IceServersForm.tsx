import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_ICE_SERVERS,
  RECORDING_RETENTION_DAYS,
  StreamPlatformSettings,
  type IceServer,
  type StreamPlatformResponse,
} from '@argus/contracts/http/stream-settings';
import { describeError } from '../../lib/api-error';
import { formatDateTime } from '../../lib/time-format';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { Loading } from '../video/Loading';
import { streamSettingsQueries } from './stream-settings.queries';
import { useUpdateStreamPlatformMutation } from './stream-settings.mutations';

interface ServerDraft {
  urls: string;
  username: string;
  credential: string;
}

const toDraft = (server: IceServer): ServerDraft => ({
  urls: server.urls.join(', '),
  username: server.username ?? '',
  credential: server.credential ?? '',
});

function fromDraft(draft: ServerDraft): IceServer {
  const urls = draft.urls.split(/[\s,]+/).filter(Boolean);
  return {
    urls,
    ...(draft.username.trim() && { username: draft.username.trim() }),
    ...(draft.credential && { credential: draft.credential }),
  };
}

/** Administrators: the STUN/TURN servers every client is given, and how long recordings are kept. */
export function IceServersForm() {
  const platform = useQuery(streamSettingsQueries.platform());
  if (platform.isPending) return <Loading>Loading the platform settings...</Loading>;
  if (platform.isError) return <FormMessage tone="error">{describeError(platform.error)}</FormMessage>;
  return <PlatformEditor key={platform.data.updatedAt ?? 0} current={platform.data} />;
}

function PlatformEditor({ current }: { current: StreamPlatformResponse }) {
  const [useConfiguration, setUseConfiguration] = useState(current.settings.iceServers === null);
  const [servers, setServers] = useState<ServerDraft[]>((current.settings.iceServers ?? current.effectiveIceServers).map(toDraft));
  const [retention, setRetention] = useState(current.settings.recordingRetentionDays);
  const [localError, setLocalError] = useState<string>();
  const update = useUpdateStreamPlatformMutation();

  const change = (index: number, patch: Partial<ServerDraft>) =>
    setServers((list) => list.map((server, i) => (i === index ? { ...server, ...patch } : server)));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = StreamPlatformSettings.safeParse({
      iceServers: useConfiguration ? null : servers.map(fromDraft),
      recordingRetentionDays: retention,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path[0] === 'iceServers' && typeof issue.path[1] === 'number' ? `ICE server ${issue.path[1] + 1}: ` : '';
      setLocalError(`${where}${issue?.message ?? 'Check the settings.'}`);
      return;
    }
    setLocalError(undefined);
    update.mutate(parsed.data);
  };

  const error = localError ?? (update.isError ? describeError(update.error) : undefined);
  return (
    <form noValidate onSubmit={handleSubmit} className="max-w-3xl space-y-4">
      <fieldset className="space-y-3 rounded-lg border border-line p-4">
        <legend className="px-1 font-semibold">ICE servers (STUN and TURN)</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5 accent-gold"
            checked={useConfiguration}
            onChange={(event) => setUseConfiguration(event.target.checked)}
          />
          <span>Use the server configuration</span>
        </label>
        {useConfiguration ? (
          <p className="text-sm text-ink-muted">
            Clients get:{' '}
            {current.effectiveIceServers.length === 0
              ? 'no ICE servers (host candidates only: works on one network)'
              : current.effectiveIceServers.flatMap((server) => server.urls).join(', ')}
          </p>
        ) : (
          <>
            {servers.length === 0 ? (
              <p className="text-sm text-ink-muted">
                No ICE servers: clients connect with host candidates only, which works on one network.
              </p>
            ) : null}
            <ol className="space-y-3">
              {servers.map((server, index) => (
                <li key={index} className="grid gap-3 rounded-md border border-line p-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
                  <TextField
                    label={`Server ${index + 1} addresses`}
                    hint="stun:, turn: or turns:, separated by commas"
                    value={server.urls}
                    onChange={(event) => change(index, { urls: event.target.value })}
                  />
                  <TextField
                    label="TURN username"
                    autoComplete="off"
                    value={server.username}
                    onChange={(event) => change(index, { username: event.target.value })}
                  />
                  <TextField
                    label="TURN credential"
                    type="password"
                    autoComplete="new-password"
                    value={server.credential}
                    onChange={(event) => change(index, { credential: event.target.value })}
                  />
                  <Button
                    variant="ghost"
                    onClick={() => setServers((list) => list.filter((_, i) => i !== index))}
                    aria-label={`Remove server ${index + 1}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
            <Button
              variant="secondary"
              disabled={servers.length >= MAX_ICE_SERVERS}
              onClick={() => setServers((list) => [...list, { urls: '', username: '', credential: '' }])}
            >
              Add an ICE server
            </Button>
          </>
        )}
      </fieldset>
      <TextField
        label="Keep recordings for (days)"
        type="number"
        inputMode="numeric"
        min={RECORDING_RETENTION_DAYS.min}
        max={RECORDING_RETENTION_DAYS.max}
        hint={`${RECORDING_RETENTION_DAYS.min} to ${RECORDING_RETENTION_DAYS.max} days`}
        value={Number.isFinite(retention) ? retention : ''}
        onChange={(event) => setRetention(event.target.valueAsNumber)}
        className="max-w-xs"
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {update.isSuccess && !error ? <FormMessage tone="success">Platform settings saved.</FormMessage> : null}
      {current.updatedAt !== null ? (
        <p className="text-sm text-ink-muted">
          Last changed {formatDateTime(current.updatedAt)}
          {current.updatedBy ? ` by ${current.updatedBy}` : ''}.
        </p>
      ) : null}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save platform settings'}
      </Button>
    </form>
  );
}
