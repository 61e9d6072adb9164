import { useId, useRef, useState, type FormEvent } from 'react';
import { formatBytes } from '@argus/contracts/evidence';
import { displayFileName } from '@argus/contracts/file-names';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { FileDropZone } from '../../components/ui/FileDropZone';
import { FormMessage } from '../../components/ui/FormMessage';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import type { FieldErrors } from '../../lib/form-errors';
import { useUploadBasemapMutation } from './basemaps.mutations';
import { serverFieldErrors } from './server-field-errors';

const FIELDS = ['name', 'file'] as const;
type UploadField = (typeof FIELDS)[number];

/**
 * Adds an offline basemap: a PMTiles or MBTiles archive, checked by the server from its bytes, not
 * its name (docs/decisions/0029-basemaps-served-by-argus.md). The upload runs while the rest of the
 * page stays usable; a refusal keeps the name and the chosen file so one fix is enough.
 */
export function AddBasemapFile() {
  const upload = useUploadBasemapMutation();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<UploadField>>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const id = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldErrors<UploadField> = {};
    if (!name.trim()) problems.name = 'Give the basemap a name.';
    if (!file) problems.file = 'Choose a PMTiles or MBTiles file.';
    setErrors(problems);
    setOutcome(null);
    if (!file || problems.name) return;
    const controller = new AbortController();
    cancel.current = controller;
    upload.mutate(
      { name: name.trim(), file, signal: controller.signal },
      {
        onSuccess: ({ basemap }) => {
          setName('');
          setFile(null);
          setOutcome(`Added ${basemap.name}.`);
        },
        onError: (error) => {
          if (controller.signal.aborted) setOutcome('Upload cancelled; nothing was kept.');
          else setErrors(serverFieldErrors(error, FIELDS, 'file'));
        },
        onSettled: () => {
          cancel.current = null;
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-line p-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        Add a file
      </h3>
      <TextField
        label="Name"
        name="name"
        value={name}
        maxLength={80}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      <Field
        label="Basemap file"
        hint="PMTiles (version 3) or MBTiles, vector or raster. Checked by its content, not its name."
        error={errors.file}
      >
        {(control) => (
          <FileDropZone
            control={control}
            label="Basemap file"
            accept=".pmtiles,.mbtiles"
            chosen={file}
            onFile={(chosen) => {
              setFile(chosen);
              setErrors((current) => ({ ...current, file: undefined }));
            }}
          />
        )}
      </Field>
      {upload.isPending && file ? (
        <div role="status" className="flex flex-wrap items-center gap-3">
          <Spinner />
          <span className="min-w-0 break-words">{`Uploading ${displayFileName(file.name)} (${formatBytes(file.size)}). You can keep working here.`}</span>
          <Button variant="secondary" onClick={() => cancel.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      ) : (
        <Button type="submit">Upload basemap</Button>
      )}
      {outcome ? <FormMessage tone="success">{outcome}</FormMessage> : null}
    </form>
  );
}
