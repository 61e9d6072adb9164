import { useEffect, useId, useRef } from 'react';
import { Camera, X } from 'lucide-react';
import { displayFileName } from '@argus/contracts/file-names';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@argus/contracts/http/reports';
import { newClientId } from '../../lib/outbox/client-id';
import { buttonClasses } from '../../components/ui/Button';

/** Photos one report may carry. */
export const MAX_PHOTOS = 5;

export interface PickedPhoto {
  id: string;
  file: File;
  url: string;
}

export interface PhotoPickerProps {
  photos: PickedPhoto[];
  onChange: (photos: PickedPhoto[]) => void;
  onProblem: (problem: string | undefined) => void;
  /** Open the back camera straight away (the field unit's quick report). */
  capture?: boolean;
}

const MAX_MB = Math.round(PHOTO_MAX_BYTES / (1024 * 1024));

/** Why a file cannot be sent as a photo, checked before it is stored (the server checks the bytes again). */
export function photoProblem(file: File): string | undefined {
  const name = displayFileName(file.name);
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return `${name} is not a JPEG, PNG or WebP photo.`;
  if (file.size > PHOTO_MAX_BYTES) return `${name} is larger than ${MAX_MB} MB.`;
  return undefined;
}

/** Photos from the camera or the gallery, previewed, each removable before sending. */
export function PhotoPicker({ photos, onChange, onProblem, capture = false }: PhotoPickerProps) {
  const inputId = useId();
  const urls = useRef(new Set<string>());

  // Previews are object URLs: freed when the picker goes away.
  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
    };
  }, []);

  const handleFiles = (files: FileList | null) => {
    if (!files?.length) return;
    const added: PickedPhoto[] = [];
    let problem: string | undefined;
    for (const file of Array.from(files)) {
      problem = photoProblem(file) ?? problem;
      if (photoProblem(file)) continue;
      if (photos.length + added.length >= MAX_PHOTOS) {
        problem = `At most ${MAX_PHOTOS} photos per report.`;
        break;
      }
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      added.push({ id: newClientId(), file, url });
    }
    onProblem(problem);
    onChange([...photos, ...added]);
  };

  const remove = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.url);
    urls.current.delete(photo.url);
    onChange(photos.filter((candidate) => candidate.id !== photo.id));
  };

  return (
    <div className="space-y-2">
      <input
        id={inputId}
        type="file"
        accept="image/*"
        capture={capture ? 'environment' : undefined}
        multiple={!capture}
        className="peer sr-only"
        onChange={(event) => {
          handleFiles(event.target.files);
          event.target.value = '';
        }}
      />
      {/* The input stays in the tab order; its label is the visible button and shows its focus. */}
      <label
        htmlFor={inputId}
        className={buttonClasses(
          'secondary',
          'w-full cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus',
        )}
      >
        <Camera aria-hidden="true" className="size-5" />
        {photos.length ? 'Add another photo' : 'Add a photo'}
      </label>
      {photos.length ? (
        <ul className="grid grid-cols-3 gap-2" aria-label="Photos to send">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative">
              <img src={photo.url} alt={`Photo ${index + 1}`} className="aspect-square w-full rounded-md border border-line object-cover" />
              <button
                type="button"
                onClick={() => remove(photo)}
                aria-label={`Remove photo ${index + 1}`}
                className="absolute right-1 top-1 rounded-full bg-surface/90 p-2 text-ink hover:text-danger"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
