import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnrolFactorResponse } from '@argus/contracts/http/token-api';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from '../auth/auth-context';
import { mfaApi } from './mfa.api';
import { mfaQueries } from './mfa.queries';
import { TWO_FACTOR_ANCHOR } from './two-factor-anchor';

/** The manual key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Everyone's own second factor: set up an authenticator app from a QR code or the manual key,
 * confirm it with a code, or remove it (which needs this session to have used it).
 */
export function TwoFactorSection() {
  const { session, recheck } = useAuth();
  const queryClient = useQueryClient();
  const factors = useQuery(mfaQueries.factors());
  const verified = factors.data?.filter((factor) => factor.status === 'verified') ?? [];
  const [enrolment, setEnrolment] = useState<EnrolFactorResponse | null>(null);
  const [name, setName] = useState('Authenticator app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();

  // Sent here by name (after creating the first administrator): the section is brought into view,
  // since the router does not scroll to an anchor by itself.
  useEffect(() => {
    if (hash === `#${TWO_FACTOR_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: mfaQueries.factors().queryKey });
    recheck();
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setEnrolment(await mfaApi.enrol(name.trim())));

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    void run(async () => {
      await mfaApi.verify(enrolment!.id, digits);
      setEnrolment(null);
      setCode('');
      toast({ title: 'Two-factor authentication is on', description: 'You will be asked for a code each time you sign in.' });
      await settle();
    });
  };

  const createRecoveryCodes = () => run(async () => setRecoveryCodes(await mfaApi.recoveryCodes()));

  const remove = (factorId: string) =>
    run(async () => {
      await mfaApi.remove(factorId);
      toast({ title: 'Two-factor authentication is off' });
      await settle();
    });

  return (
    <section ref={sectionRef} id={TWO_FACTOR_ANCHOR} aria-labelledby="mfa-heading" className="scroll-mt-20 space-y-3">
      <h2 id="mfa-heading" className="text-xl font-semibold">
        Two-factor authentication
      </h2>
      {session?.mfa.required && verified.length === 0 ? (
        <p role="status" className="rounded-md border border-warning p-3">
          Administrators need two-factor authentication before Argus opens anything else for them: set it up here.
        </p>
      ) : null}
      {factors.isPending ? <p>Loading...</p> : null}
      {factors.isError ? <p className="text-danger">{describeError(factors.error)}</p> : null}

      {verified.length > 0 ? (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {verified.map((factor) => (
            <li key={factor.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span>
                <span className="block font-medium">{factor.friendly_name ?? 'Authenticator app'}</span>
                <span className="block text-sm text-ink-muted">{`On since ${new Date(factor.created_at).toLocaleDateString()}`}</span>
              </span>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void remove(factor.id)}
                aria-label={`Remove ${factor.friendly_name ?? 'authenticator app'}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}

      {verified.length > 0 && !recoveryCodes ? (
        <div className="flex max-w-xl flex-col gap-2">
          <p className="text-ink-muted">
            Recovery codes sign you in once each if you lose your authenticator. Creating new ones cancels the old.
          </p>
          <Button variant="secondary" className="self-start" disabled={busy} onClick={() => void createRecoveryCodes()}>
            Create recovery codes
          </Button>
        </div>
      ) : null}
      {recoveryCodes ? (
        <div className="max-w-xl space-y-2 rounded-lg border border-gold p-3">
          <p className="font-medium">Save these now: they will not be shown again.</p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono">
            {recoveryCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => setRecoveryCodes(null)}>
            I have saved them
          </Button>
        </div>
      ) : null}

      {factors.isSuccess && verified.length === 0 && !enrolment ? (
        <div className="flex max-w-xl flex-col gap-3">
          <p className="text-ink-muted">Protect your account with a code from an authenticator app as well as your password.</p>
          <TextField label="Name for this device" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
          <Button className="self-start" disabled={busy} onClick={() => void start()}>
            Set up authenticator app
          </Button>
        </div>
      ) : null}

      {enrolment ? (
        <form noValidate onSubmit={confirm} className="flex max-w-xl flex-col gap-3">
          <p>Scan this code with your authenticator app, or type the key into it, then enter the code it shows.</p>
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.totp.qr_code)}`}
            alt="QR code to add Argus to your authenticator app"
            className="size-48 rounded-md bg-white p-2"
          />
          <p>
            {/* Lines wrap between the groups of four, never inside one: split as "JJL / T", a key typed by hand goes wrong. */}
            Key: <code className="break-words font-mono">{grouped(enrolment.totp.secret)}</code>
          </p>
          <TextField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              Turn on
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
