import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import type { TakCertificate } from '@argus/contracts/http/tak';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { toast } from '../../components/ui/toast-store';
import { describeError } from '../../lib/api-error';
import { fullDateTime } from '../../lib/time-format';
import { useNow } from '../../lib/useNow';
import { unitQueries } from '../units/units.queries';
import { useRevokeTakCertificateMutation } from './tak.mutations';
import { takCertificateQueries } from './tak.queries';
import { TakEnrolmentPanel } from './TakEnrolmentPanel';

function state(certificate: TakCertificate, now: number): { label: string; tone: string } {
  if (certificate.revokedAt !== null) return { label: `Revoked ${fullDateTime(certificate.revokedAt)}`, tone: 'text-danger' };
  if (certificate.expiresAt <= now) return { label: `Expired ${fullDateTime(certificate.expiresAt)}`, tone: 'text-warning' };
  return { label: `Expires ${fullDateTime(certificate.expiresAt)}`, tone: '' };
}

function RevokeControls({ certificate, disabled, onRevoke }: { certificate: TakCertificate; disabled: boolean; onRevoke: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const who = `${certificate.user.name}’s device ${certificate.deviceUid}`;
  if (!confirming)
    return (
      <Button type="button" variant="secondary" disabled={disabled} onClick={() => setConfirming(true)} aria-label={`Revoke ${who}`}>
        Revoke
      </Button>
    );
  return (
    <div role="group" aria-label={`Confirm revoking ${who}`} className="flex flex-wrap items-center gap-2">
      <span className="text-sm">Cut this device off now?</span>
      <Button
        type="button"
        variant="danger"
        disabled={disabled}
        onClick={() => {
          setConfirming(false);
          onRevoke();
        }}
      >
        Revoke the certificate
      </Button>
      <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
    </div>
  );
}

/** The section's anchor: a unit card's "Enrol a TAK device" links to /settings?enrolUnit=…#tak-certificates. */
const TAK_CERTIFICATES_SECTION_ID = 'tak-certificates';

/** Units a device can be enrolled for: a device speaks for a crew member. */
const crewed = (units: readonly Unit[]) => units.filter((unit) => unit.members.length > 0);

/**
 * Settings › TAK certificates (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md):
 * enrolling a crew member's device with a one-time token, and the certificates Argus's CA issued,
 * each revocable (the device is cut off at once). Loaded lazily, so the app shell stays small.
 */
export function TakCertificatesSection() {
  const certificates = useQuery(takCertificateQueries.list());
  const units = useQuery(unitQueries.list());
  const revoke = useRevokeTakCertificateMutation();
  const now = useNow(60_000);
  const [failure, setFailure] = useState<string | null>(null);
  // The unit card's "Enrol a TAK device" opens this section with its unit chosen.
  const [params] = useSearchParams();
  const section = useRef<HTMLElement>(null);
  // The router's location, not window.location: leaving the command map, MapLibre's hash option
  // takes its view out of the address and strips "#tak-certificates" with it.
  const { hash } = useLocation();

  // The section is loaded lazily after the session check, too late for the browser's own jump to the
  // hash. Scrolled again once the units have loaded: the sections above it load meanwhile and may have pushed it down.
  useEffect(() => {
    if (hash === `#${TAK_CERTIFICATES_SECTION_ID}`) section.current?.scrollIntoView();
  }, [hash, units.isSuccess]);

  const cutOff = (certificate: TakCertificate) => {
    setFailure(null);
    revoke.mutate(certificate.id, {
      onSuccess: () => toast({ title: `${certificate.user.name}’s device ${certificate.deviceUid} is cut off` }),
      onError: (error) => setFailure(`The certificate was not revoked: ${describeError(error)}`),
    });
  };

  return (
    <section ref={section} id={TAK_CERTIFICATES_SECTION_ID} aria-labelledby="tak-certificates-heading" className="scroll-mt-20 space-y-4">
      <h2 id="tak-certificates-heading" className="text-xl font-semibold">
        TAK certificates
      </h2>
      <h3 className="text-lg font-semibold">Enrol a TAK device</h3>
      {units.isError ? <FormMessage tone="error">{`Could not load the units: ${describeError(units.error)}`}</FormMessage> : null}
      {units.data ? <TakEnrolmentPanel units={crewed(units.data)} initialUnitId={params.get('enrolUnit')} /> : null}
      <h3 className="text-lg font-semibold">Issued certificates</h3>
      {certificates.isPending ? <p>Loading TAK certificates...</p> : null}
      {certificates.isError ? (
        <FormMessage tone="error">{`Could not load TAK certificates: ${describeError(certificates.error)}`}</FormMessage>
      ) : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {certificates.data && certificates.data.length === 0 ? <p>No TAK device has enrolled yet.</p> : null}
      {certificates.data && certificates.data.length > 0 ? (
        // A list rather than a table: on a phone each certificate is one block, with nothing to scroll sideways.
        <ul aria-label="TAK certificates issued" className="divide-y divide-line border-y border-line">
          {certificates.data.map((certificate) => {
            const shown = state(certificate, now);
            return (
              <li
                key={certificate.id}
                className="grid gap-2 py-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)_auto] sm:items-start"
              >
                <div className="min-w-0">
                  <span className="font-medium">{certificate.user.name}</span>
                  <span className="block break-all text-sm text-ink-muted">{certificate.user.email}</span>
                  <span className="block break-all font-mono text-xs text-ink-muted">{certificate.deviceUid}</span>
                </div>
                <p>{certificate.unit ? certificate.unit.callsign : <span className="text-ink-muted">Unit deleted</span>}</p>
                <p className="text-sm">
                  {`Issued ${fullDateTime(certificate.issuedAt)}`}
                  <span className={`block ${shown.tone}`}>{shown.label}</span>
                </p>
                <div className="justify-self-start">
                  {certificate.revokedAt === null ? (
                    <RevokeControls certificate={certificate} disabled={revoke.isPending} onRevoke={() => cutOff(certificate)} />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
