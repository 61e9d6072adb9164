import { useState } from 'react';
import { isAlertSoundOn, isMessageSoundOn, saveAlertSound, saveMessageSound } from './alert-sound';

interface SoundSwitchProps {
  label: string;
  read: () => boolean;
  save: (on: boolean) => void;
}

function SoundSwitch({ label, read, save }: SoundSwitchProps) {
  const [on, setOn] = useState(read);
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          save(event.target.checked);
          setOn(event.target.checked);
        }}
        className="size-5 shrink-0 accent-gold"
      />
      {label}
    </label>
  );
}

/** The message chime's switch alone: offered where the messages are read. */
export function MessageSoundSwitch() {
  return <SoundSwitch label="Chime for unit messages on this device" read={isMessageSoundOn} save={saveMessageSound} />;
}

/**
 * The attention sounds on this device (docs/decisions/0036-command-inbox-and-attention.md): the
 * alert beep (which also switches the SOS siren) and the unit message chime.
 */
export function SoundSettings() {
  return (
    <section aria-labelledby="sounds-heading" className="space-y-2">
      <h2 id="sounds-heading" className="text-xl font-semibold">
        Sounds
      </h2>
      <p className="text-ink-muted">Saved on this device. The banners and badges show whatever you choose.</p>
      <SoundSwitch label="Beep for new alerts and sound the siren for an SOS" read={isAlertSoundOn} save={saveAlertSound} />
      <MessageSoundSwitch />
    </section>
  );
}
