import { useId } from 'react';
import * as RadioGroup from '@radix-ui/react-radio-group';
import * as Switch from '@radix-ui/react-switch';
import { FONT_SIZES, type FontSize } from '@argus/contracts/constants';
import { useAccessibility } from './accessibility-context';
import { isFontSize } from './accessibility-settings';

interface SwitchRowProps {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

function SwitchRow({ label, description, checked, disabled, onCheckedChange }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-ink-muted">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
        className="relative h-7 w-12 shrink-0 rounded-full border-2 border-line bg-surface-sunken transition-colors data-[state=checked]:border-gold data-[state=checked]:bg-gold disabled:opacity-60"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-ink transition-transform data-[state=checked]:translate-x-[1.4rem] data-[state=checked]:bg-on-gold" />
      </Switch.Root>
    </div>
  );
}

const FONT_LABELS: Record<FontSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

/** The five accessibility settings; shared by the panel and the settings page. */
export function AccessibilityControls() {
  const { settings, update, voiceSupported } = useAccessibility();
  const fontGroupId = useId();
  return (
    <div className="divide-y divide-line">
      <SwitchRow
        label="High contrast"
        description="Black background, bright text and strong outlines."
        checked={settings.highContrast}
        onCheckedChange={(checked) => update('highContrast', checked)}
      />
      <SwitchRow
        label="Reduced motion"
        description="Turns off animations and transitions."
        checked={settings.reducedMotion}
        onCheckedChange={(checked) => update('reducedMotion', checked)}
      />
      <div className="py-3">
        <p id={fontGroupId} className="font-medium">
          Font size
        </p>
        <RadioGroup.Root
          aria-labelledby={fontGroupId}
          value={settings.fontSize}
          onValueChange={(value) => {
            if (isFontSize(value)) update('fontSize', value);
          }}
          className="mt-2 flex flex-wrap gap-2"
        >
          {(Object.keys(FONT_SIZES) as FontSize[]).map((size) => (
            <FontSizeOption key={size} size={size} />
          ))}
        </RadioGroup.Root>
      </div>
      <SwitchRow
        label="Keyboard navigation"
        description="Stronger focus outlines; Alt+S jumps to the skip link and Alt+A opens this panel."
        checked={settings.keyboardNavigation}
        onCheckedChange={(checked) => update('keyboardNavigation', checked)}
      />
      <SwitchRow
        label="Voice commands"
        description={
          voiceSupported
            ? 'Say "go to settings", "high contrast on", "font size large" or "sign out".'
            : 'Voice commands are not available in this browser.'
        }
        checked={voiceSupported && settings.voiceCommands}
        disabled={!voiceSupported}
        onCheckedChange={(checked) => update('voiceCommands', checked)}
      />
    </div>
  );
}

function FontSizeOption({ size }: { size: FontSize }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 rounded-md border border-line px-3 py-2">
      <RadioGroup.Item
        id={id}
        value={size}
        className="flex size-5 items-center justify-center rounded-full border-2 border-ink data-[state=checked]:border-gold"
      >
        <RadioGroup.Indicator className="block size-2.5 rounded-full bg-gold" />
      </RadioGroup.Item>
      <label htmlFor={id}>{`${FONT_LABELS[size]} (${FONT_SIZES[size]}px)`}</label>
    </div>
  );
}
