import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useAccessibility } from './accessibility-context';
import { AccessibilityControls } from './AccessibilityControls';

/** The accessibility panel: a modal dialog with the same controls as the settings page. */
export function AccessibilityPanel() {
  const { panelOpen, setPanelOpen } = useAccessibility();
  return (
    <Dialog.Root open={panelOpen} onOpenChange={setPanelOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-xl border border-line bg-surface-raised p-5 text-ink sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl">
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">Accessibility</Dialog.Title>
            <Dialog.Close aria-label="Close accessibility panel" className="rounded-md p-2 hover:bg-surface">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">Settings are saved on this device.</Dialog.Description>
          <div className="mt-3">
            <AccessibilityControls />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
