import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import type { Role } from '@argus/contracts/roles';
import { NavLinks } from './NavLinks';

/** The page list for phones and tablets: a full-height sheet opened from the header. */
export function MobileNav({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="rounded-md p-2 hover:bg-surface-raised lg:hidden" aria-label="Open page menu">
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[min(20rem,85vw)] overflow-y-auto border-r border-line bg-surface p-4 text-ink">
          <div className="mb-3 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Pages</Dialog.Title>
            <Dialog.Close aria-label="Close page menu" className="rounded-md p-2 hover:bg-surface-raised">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">The pages your role may open.</Dialog.Description>
          <nav aria-label="Page menu">
            <NavLinks role={role} onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
