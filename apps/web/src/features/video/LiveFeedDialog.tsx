import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { StreamRoom } from '@argus/contracts/http/streams';
import { VideoTile } from './VideoTile';

/** One feed enlarged over the page, with its telemetry; Escape or Close returns. */
export function LiveFeedDialog({ room, onClose }: { room: StreamRoom | null; onClose: () => void }) {
  return (
    <Dialog.Root open={room !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content className="fixed inset-2 z-50 m-auto flex h-fit max-h-[95dvh] max-w-5xl flex-col gap-3 overflow-auto rounded-xl border border-line bg-surface-raised p-3 sm:inset-8">
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{room ? `Live: ${room.name}` : 'Live'}</Dialog.Title>
            <Dialog.Close className="rounded p-2 hover:bg-surface" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">The live feed enlarged, with its latency, bitrate and telemetry.</Dialog.Description>
          {room ? <VideoTile room={room} enlarged /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
