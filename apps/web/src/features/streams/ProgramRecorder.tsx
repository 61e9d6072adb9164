import { useEffect, useRef, useState } from 'react';
import type { EvidenceItem } from '@argus/contracts/http/evidence';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { uploadEvidence } from '../evidence/evidence.mutations';

interface Recording {
  url: string;
  filename: string;
  size: number;
  sha256: string;
  evidence: EvidenceItem | null;
  uploadError: string | null;
}

const MIME_TYPES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm'];

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Records the program output to a WebM file and files it as evidence. The file stays
 * downloadable here with its SHA-256 either way, so a failed upload loses nothing.
 */
export function ProgramRecorder({ stream }: { stream: MediaStream | null }) {
  const recorder = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => recorder.current?.stop(), []);
  useEffect(
    () => () => {
      if (result) URL.revokeObjectURL(result.url);
    },
    [result],
  );

  const handleStart = () => {
    if (!stream) return;
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    if (!mimeType) {
      setError('This browser cannot record WebM video.');
      return;
    }
    setError(null);
    const chunks: Blob[] = [];
    const started = Date.now();
    const next = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 2_500_000 });
    next.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    next.addEventListener('stop', () => void finish(new Blob(chunks, { type: 'video/webm' }), started));
    next.start(1000);
    recorder.current = next;
    setRecording(true);
    setStartedAt(started);
  };

  const finish = async (blob: Blob, started: number) => {
    setRecording(false);
    setBusy(true);
    const filename = `program-${new Date(started).toISOString().replace(/[:.]/g, '-')}.webm`;
    const sha256 = await sha256Hex(blob);
    let evidence: EvidenceItem | null = null;
    let uploadError: string | null = null;
    try {
      const answer = await uploadEvidence({ body: blob, filename, contentType: 'video/webm' });
      evidence = answer.item;
    } catch (failure) {
      uploadError = describeError(failure);
    }
    setResult({ url: URL.createObjectURL(blob), filename, size: blob.size, sha256, evidence, uploadError });
    setBusy(false);
  };

  return (
    <section aria-labelledby="record-heading" className="space-y-3">
      <h3 id="record-heading" className="font-semibold">
        Record program
      </h3>
      {recording ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="flex items-center gap-2 font-bold text-danger">
            <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-danger" />
            Recording since {startedAt ? new Date(startedAt).toLocaleTimeString() : ''}
          </p>
          <Button variant="danger" onClick={() => recorder.current?.stop()}>
            Stop and file as evidence
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={handleStart} disabled={!stream || busy}>
          {busy ? 'Hashing and uploading...' : 'Start recording'}
        </Button>
      )}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {result ? (
        <div data-testid="recording" className="space-y-1 rounded-md border border-line p-3 text-sm">
          <p>
            <a href={result.url} download={result.filename} className="text-gold underline">
              {result.filename}
            </a>{' '}
            ({Math.round(result.size / 1024)} KiB)
          </p>
          <p className="break-all font-mono text-xs" data-testid="recording-sha256">
            SHA-256 {result.sha256}
          </p>
          {result.evidence ? (
            <p role="status" className="text-success">
              Filed as evidence
              {result.evidence.sha256 === result.sha256
                ? '; the server computed the same SHA-256.'
                : `, but the server's SHA-256 differs (${result.evidence.sha256}).`}
            </p>
          ) : (
            <FormMessage tone="error">
              Not filed as evidence ({result.uploadError}). The file is kept here to download; its SHA-256 is above.
            </FormMessage>
          )}
        </div>
      ) : null}
    </section>
  );
}
