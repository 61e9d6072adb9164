import { useState, type DragEvent } from 'react';
import { FileUp } from 'lucide-react';
import { formatBytes } from '@argus/contracts/evidence';
import { displayFileName } from '@argus/contracts/file-names';
import { cn } from '../../lib/class-names';
import type { FieldControlProps } from './Field';

export interface FileDropZoneProps {
  /** What to choose: the file input's accessible name, shown inside the zone. */
  label: string;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  /** What the zone says while a file is dragged over it. */
  dropText?: string;
  /** The file chosen so far, named in the zone, for a form that sends it when submitted. */
  chosen?: File | null;
  /**
   * The ids from a `<Field>` around the zone, whose label, hint and error then belong to the input;
   * the zone does not repeat the label the field shows above it.
   */
  control?: FieldControlProps;
}

/**
 * A file picker people can see: a dashed zone that takes a file dropped on it or opens the
 * browser's picker when pressed (issue 19). The real file input stays inside, visually hidden,
 * so keyboards, screen readers and tests reach it by its label.
 */
export function FileDropZone({
  label,
  accept,
  onFile,
  disabled = false,
  dropText = 'Drop the file to choose it',
  chosen = null,
  control,
}: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);

  const over = (event: DragEvent<HTMLLabelElement>) => {
    if (disabled) return;
    // Without preventDefault the browser opens the dropped file in place of Argus.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <label
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-dragging={dragging || undefined}
      className={cn(
        'flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-4 text-center',
        control?.['aria-invalid'] ? 'border-danger' : 'border-line',
        'bg-surface-raised/40 hover:border-gold has-[:focus-visible]:border-gold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold',
        dragging && 'border-gold bg-surface-raised',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-gold" />
      <span className="font-medium">{dragging ? dropText : 'Drop a file here, or press to choose one'}</span>
      {chosen ? (
        <span className="max-w-full break-words text-sm">{`Chosen: ${displayFileName(chosen.name)} (${formatBytes(chosen.size)})`}</span>
      ) : null}
      {control ? null : <span className="text-sm text-ink-muted">{label}</span>}
      <input
        {...control}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-label={label}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so the same file chosen again (after a fix elsewhere) is taken again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
