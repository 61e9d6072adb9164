import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { BellRing } from 'lucide-react';
import { cn } from '../../lib/class-names';

export interface PanelTab<Id extends string> {
  id: Id;
  label: string;
  /** A short count shown after the label ("3"); announced as part of the tab's name. */
  badge?: string | undefined;
  /** Draws attention (new alerts). */
  urgent?: boolean;
  /** Just received something (a unit's message): a brief ring and a bell, never colour alone. */
  highlighted?: boolean;
}

export interface PanelTabsProps<Id extends string> {
  label: string;
  tabs: readonly PanelTab<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  children: ReactNode;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs and show them; only the active tab
 * is in the Tab order, so keyboard users reach the panel with one press.
 */
export function PanelTabs<Id extends string>({ label, tabs, active, onChange, children }: PanelTabsProps<Id>) {
  const baseId = useId();
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className="flex min-h-0 flex-col">
      {/* Three to a row, so six tabs are two even rows at any width (wrapped freely, "Broadcast" stood alone on a desk). */}
      <div role="tablist" aria-label={label} onKeyDown={handleKeyDown} className="grid shrink-0 grid-cols-3 border-b border-line">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === active}
            aria-controls={panelId}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={cn(
              'relative -mb-px flex min-h-11 items-center justify-center gap-1.5 border-b-2 px-2 text-sm font-medium',
              tab.id === active ? 'border-gold text-gold' : 'border-transparent text-ink hover:text-gold',
              tab.highlighted && 'rounded-t-md bg-surface-raised ring-2 ring-inset ring-gold',
            )}
          >
            {/* Placed over the corner, so the tabs do not reflow when the highlight comes and goes. */}
            {tab.highlighted ? (
              <BellRing aria-hidden="true" className="absolute right-0.5 top-0.5 size-3.5 text-gold motion-safe:animate-bounce" />
            ) : null}
            {tab.label}
            {tab.badge ? (
              <span
                className={cn('rounded-full px-1.5 text-xs', tab.urgent ? 'bg-danger-surface text-white' : 'bg-surface-raised text-ink')}
              >
                {tab.badge}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(active)}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto p-3 outline-none"
      >
        {children}
      </div>
    </div>
  );
}
