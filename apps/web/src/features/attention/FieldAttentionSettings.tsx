import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { isAttentionOn, saveAttention, type AttentionChannel } from './attention-preferences';
import { subscribeThisBrowser, type PushState } from './push-subscription';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function AttentionSwitch({ channel, label }: { channel: AttentionChannel; label: string }) {
  const [on, setOn] = useState(() => isAttentionOn(channel));
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          saveAttention(channel, event.target.checked);
          setOn(event.target.checked);
        }}
        className="size-5 shrink-0 accent-gold"
      />
      {label}
    </label>
  );
}

const PERMISSION_TEXT: Record<Permission, string> = {
  granted: 'This browser shows Argus notifications.',
  default: 'This browser has not been asked yet.',
  denied: 'This browser blocks Argus notifications: allow them in the browser’s site settings.',
  unsupported: 'This browser cannot show notifications.',
};

const PUSH_TEXT: Record<PushState, string> = {
  subscribed: 'Argus also reaches this phone while it is closed (Web Push).',
  'not-configured': 'This server sends no Web Push, so nothing reaches this phone while Argus is closed.',
  unsupported: 'This browser cannot receive Web Push, so nothing reaches it while Argus is closed.',
  'not-allowed': 'Allow notifications to be reached while Argus is closed too.',
};

/**
 * The field phone's attention (docs/decisions/0043-the-field-phone-offline-and-attention.md): what
 * rings, vibrates and notifies for a new assignment, a message from command, a broadcast and an
 * SOS seen. Saved on this device; the browser's own permission is asked for here, on a tap.
 * Shown under Settings and, framed, on the field page itself (the field unit site has no Settings).
 */
export function FieldAttentionSettings({ title = 'On the field phone', framed = false }: { title?: string; framed?: boolean }) {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [push, setPush] = useState<PushState | null>(null);
  useEffect(() => {
    if (permission !== 'granted') return;
    subscribeThisBrowser().then(setPush, () => setPush(null));
  }, [permission]);
  const askPermission = async () => {
    if (typeof Notification === 'undefined') return;
    setPermission(await Notification.requestPermission());
  };
  return (
    <section
      aria-labelledby="field-attention-heading"
      className={framed ? 'space-y-2 rounded-xl border border-line bg-surface-raised p-4' : 'space-y-2'}
    >
      <h2 id="field-attention-heading" className={framed ? 'text-lg font-semibold' : 'text-xl font-semibold'}>
        {title}
      </h2>
      <p className="text-ink-muted">
        A new assignment, a message from command, a broadcast and command seeing your SOS. Saved on this device.
      </p>
      <AttentionSwitch channel="ring" label="Ring" />
      <AttentionSwitch channel="vibrate" label="Vibrate" />
      <AttentionSwitch channel="notify" label="Show a notification while Argus is in the background" />
      <p className="text-sm text-ink-muted">{PERMISSION_TEXT[permission]}</p>
      {push ? <p className="text-sm text-ink-muted">{PUSH_TEXT[push]}</p> : null}
      {permission === 'default' ? (
        <Button type="button" onClick={() => void askPermission()}>
          Allow notifications
        </Button>
      ) : null}
    </section>
  );
}
