import * as Dialog from '@radix-ui/react-dialog';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { describeError } from '../../lib/api-error';
import { useDeleteBasemapMutation } from './basemaps.mutations';

/** Asks before a basemap goes, naming it and what happens to the maps that show it. */
export function RemoveBasemapDialog({ basemap, onClose }: { basemap: Basemap | null; onClose: () => void }) {
  const remove = useDeleteBasemapMutation();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog.Root open={basemap !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed inset-x-4 top-1/4 z-50 mx-auto max-w-md space-y-4 rounded-xl border border-line bg-surface-raised p-5">
          <Dialog.Title className="break-words text-xl font-bold">{`Remove ${basemap?.name ?? 'basemap'}?`}</Dialog.Title>
          <Dialog.Description>
            {basemap?.kind === 'file' ? 'Its uploaded file is deleted from Argus. ' : ''}
            Maps showing it fall back to the next basemap in the list
            {basemap?.isDefault ? ', and there is no default until you choose one' : ''}.
          </Dialog.Description>
          <FieldError message={remove.isError ? describeError(remove.error) : null} alert />
          <div className="grid grid-cols-2 gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary">Keep it</Button>
            </Dialog.Close>
            <Button
              variant="danger"
              disabled={remove.isPending || basemap === null}
              onClick={() => basemap && remove.mutate(basemap.id, { onSuccess: close })}
            >
              {remove.isPending ? 'Removing...' : 'Remove'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
