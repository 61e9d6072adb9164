import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { COMMAND_SHORTCUTS } from './command-shortcuts';

/** The "?" overlay: every /command shortcut, from the one table that drives them. */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-xl border border-line bg-surface-raised p-5 text-ink sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl">
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-xl font-semibold">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close aria-label="Close keyboard shortcuts" className="rounded-md p-2 hover:bg-surface">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">
            On the command dashboard, whenever you are not typing in a field.
          </Dialog.Description>
          <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
            {COMMAND_SHORTCUTS.map((shortcut) => (
              <div key={shortcut.key} className="contents">
                <dt>
                  <kbd className="inline-block min-w-8 rounded border border-line bg-surface px-2 py-0.5 text-center font-mono">
                    {shortcut.key}
                  </kbd>
                </dt>
                <dd>{shortcut.label}</dd>
              </div>
            ))}
          </dl>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
