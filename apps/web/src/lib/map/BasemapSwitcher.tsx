import { useId } from 'react';
import { Layers } from 'lucide-react';
import * as Popover from '@radix-ui/react-popover';
import * as RadioGroup from '@radix-ui/react-radio-group';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { WORLD_OUTLINE_ONLY } from './basemap-choice';

interface BasemapSwitcherProps {
  options: readonly Basemap[];
  /** The basemap drawn now; null for the world outline alone. */
  current: Basemap | null;
  onChoose: (id: string) => void;
}

/**
 * The button in the map's corner (a MapLibre control) that opens the list of basemaps, the one
 * drawn now checked. Choosing switches this map at once and is remembered in this browser.
 */
export function BasemapSwitcher({ options, current, onChoose }: BasemapSwitcherProps) {
  const titleId = useId();
  return (
    <Popover.Root>
      <Popover.Trigger type="button" aria-label="Basemap" title="Basemap">
        <Layers aria-hidden="true" className="mx-auto size-5 text-ink" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="left"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-64 max-w-[calc(100vw-4rem)] rounded-md border border-line bg-surface-raised p-3 text-sm text-ink shadow-lg"
        >
          <p id={titleId} className="mb-2 font-medium">
            Basemap
          </p>
          <RadioGroup.Root
            aria-labelledby={titleId}
            value={current?.id ?? WORLD_OUTLINE_ONLY}
            onValueChange={onChoose}
            className="flex flex-col gap-1"
          >
            {options.map((basemap) => (
              <Option key={basemap.id} value={basemap.id} label={basemap.name} />
            ))}
            <Option value={WORLD_OUTLINE_ONLY} label="World outline only" />
          </RadioGroup.Root>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function Option({ value, label }: { value: string; label: string }) {
  const id = useId();
  return (
    <div className="flex min-h-9 items-center gap-2 rounded-md px-1 hover:bg-surface">
      <RadioGroup.Item
        id={id}
        value={value}
        className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-ink data-[state=checked]:border-gold"
      >
        <RadioGroup.Indicator className="block size-2.5 rounded-full bg-gold" />
      </RadioGroup.Item>
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer break-words py-1">
        {label}
      </label>
    </div>
  );
}
