import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AuthResponse } from '@argus/contracts/http/auth';
import { DEVICE_BANNERS, EnrolDeviceRequest, deviceHome } from '@argus/contracts/http/devices';
import { api } from '../../lib/api';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';

/** The code an administrator's link carries in its fragment (never sent to a server or logged). */
function codeFromFragment(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
}

/**
 * Where a wall display or tracker is enrolled (docs/decisions/0051-device-sessions-and-retention.md):
 * opened from the administrator's link it enrols at once; otherwise the code is typed. The
 * browser is then signed in as the device, and goes to the page the device shows.
 */
export function EnrolDevicePage() {
  const [code, setCode] = useState(codeFromFragment);
  const [problem, setProblem] = useState<string | null>(null);
  const enrol = useMutation({
    mutationFn: (body: EnrolDeviceRequest) => api.post('/devices/enrol', body, AuthResponse),
    retry: false,
    onSuccess: ({ user, session }) => {
      // A full load, so every part of the app starts again as the device.
      window.location.replace(session.device ? deviceHome(session.device.kind, user.role) : '/');
    },
  });
  const submitted = useRef(false);

  const submit = (value: string) => {
    const parsed = EnrolDeviceRequest.safeParse({ code: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter the enrolment code.');
      return;
    }
    setProblem(null);
    enrol.mutate(parsed.data);
  };

  useEffect(() => {
    if (submitted.current || !code) return;
    submitted.current = true;
    // The code works once: a reload must not send it again.
    window.history.replaceState(null, '', window.location.pathname);
    submit(code);
    // Once, on opening the link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <div className="mx-auto max-w-lg space-y-4">
      <p>
        {`Enrol this screen or phone as a device an administrator registered. It stays signed in without anyone at it: a wall display shows read-only views (“${DEVICE_BANNERS.wall_display}”), a tracker only sends its unit’s positions.`}
      </p>
      <form noValidate onSubmit={handleSubmit} className="space-y-3">
        <TextField
          label="Enrolment code"
          name="enrolment-code"
          autoComplete="off"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={problem ?? undefined}
        />
        {enrol.isError ? <FormMessage tone="error">{describeError(enrol.error)}</FormMessage> : null}
        {enrol.isSuccess ? <FormMessage tone="success">Enrolled. Opening the device’s page...</FormMessage> : null}
        <Button type="submit" disabled={enrol.isPending || enrol.isSuccess}>
          {enrol.isPending ? 'Enrolling...' : 'Enrol this device'}
        </Button>
      </form>
    </div>
  );
}
