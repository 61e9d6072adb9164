import { useId, useState, type FormEvent } from 'react';
import { formatBytes } from '@argus/contracts/evidence';
import { displayFileName } from '@argus/contracts/file-names';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FileDropZone } from '../../components/ui/FileDropZone';
import { SelectField } from '../../components/ui/SelectField';
import type { IncidentChoice } from './incident-choices';
import { useUploadEvidenceMutation } from './evidence.mutations';

/** Adds a file as evidence; the server checks its type from its bytes and hashes it as it arrives. */
export function UploadEvidence({ incidents, onUploaded }: { incidents: IncidentChoice[]; onUploaded: (id: string) => void }) {
  const upload = useUploadEvidenceMutation();
  const [file, setFile] = useState<File | null>(null);
  const [incidentId, setIncidentId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setProblem('Choose a file to upload.');
      return;
    }
    setProblem(null);
    upload.mutate(
      { file, incidentId },
      {
        onSuccess: ({ item }) => {
          setFile(null);
          onUploaded(item.id);
        },
      },
    );
  };
  const error = problem ?? (upload.isError ? describeError(upload.error) : null);
  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-heading`} className="space-y-3 rounded-lg border border-line p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Upload evidence
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="font-medium">
            File
          </label>
          <FileDropZone
            control={{ id: `${id}-file`, 'aria-invalid': problem ? true : undefined, 'aria-describedby': `${id}-hint` }}
            label="File"
            accept="image/*,video/*,audio/*,application/pdf,text/plain"
            chosen={file}
            onFile={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
          />
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            Photos, video, audio, PDF or plain text. The type is checked from the content, not the name.
          </p>
        </div>
        <SelectField
          label="Incident (optional)"
          value={incidentId}
          options={[
            { value: '', label: 'No incident yet' },
            ...incidents.map((incident) => ({ value: incident.id, label: incident.label })),
          ]}
          onChange={setIncidentId}
        />
      </div>
      <Button type="submit" disabled={upload.isPending}>
        {upload.isPending ? `Uploading${file ? ` ${formatBytes(file.size)}` : ''}...` : 'Upload'}
      </Button>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      {upload.isSuccess ? (
        <p role="status">{`Uploaded ${displayFileName(upload.data.item.filename)}: SHA-256 ${upload.data.item.sha256}`}</p>
      ) : null}
    </form>
  );
}
