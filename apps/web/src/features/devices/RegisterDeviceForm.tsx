import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  CreateDeviceRequest,
  DEVICE_ENROL_PATH,
  DEVICE_ENROLMENT_MINUTES,
  DEVICE_KIND_LABELS,
  DEVICE_KINDS,
  WALL_DISPLAY_ROLES,
  type DeviceKind,
} from '@argus/contracts/http/devices';
import { ROLE_LABELS } from '@argus/contracts/roles';
import { describeError, issueFor } from '../../lib/api-error';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { unitQueries } from '../units/units.queries';
import { useRegisterDeviceMutation } from './devices.mutations';

type WallRole = (typeof WALL_DISPLAY_ROLES)[number];

/** Registers a wall display or tracker and shows its one-time enrolment link, once. */
export function RegisterDeviceForm() {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<DeviceKind>('wall_display');
  const [role, setRole] = useState<WallRole>('Command_Admin');
  const [unitId, setUnitId] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'name' | 'unitId'>>({});
  const [enrolment, setEnrolment] = useState<{ name: string; code: string } | null>(null);
  const units = useQuery({ ...unitQueries.list(), enabled: kind === 'tracker' });
  const register = useRegisterDeviceMutation();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setEnrolment(null);
    const parsed = CreateDeviceRequest.safeParse(kind === 'tracker' ? { kind, name, unitId } : { kind, name, role });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, ['name', 'unitId']));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: ({ device, enrolmentCode }) => {
        setName('');
        setEnrolment({ name: device.name, code: enrolmentCode });
      },
    });
  };

  const link = enrolment ? `${window.location.origin}${DEVICE_ENROL_PATH}#${enrolment.code}` : '';
  const unitOptions = [
    { value: '', label: 'Choose a unit' },
    ...(units.data ?? []).map((unit) => ({ value: unit.id, label: unit.callsign })),
  ];
  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="register-device-heading" className="grid max-w-2xl gap-3 sm:grid-cols-2">
      <h3 id="register-device-heading" className="text-lg font-semibold sm:col-span-2">
        Register a device
      </h3>
      <TextField
        label="Device name"
        name="device-name"
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name ?? issueFor(register.error, 'name')}
      />
      <SelectField
        label="Kind"
        value={kind}
        options={DEVICE_KINDS.map((option) => ({ value: option, label: DEVICE_KIND_LABELS[option] }))}
        onChange={setKind}
      />
      {kind === 'wall_display' ? (
        <SelectField
          label="Shows the read-only views of"
          value={role}
          options={WALL_DISPLAY_ROLES.map((option) => ({ value: option, label: ROLE_LABELS[option] }))}
          onChange={setRole}
        />
      ) : (
        <SelectField
          label="Reports positions for"
          value={unitId}
          options={unitOptions}
          onChange={setUnitId}
          hint={errors.unitId ?? (units.isError ? `Could not load units: ${describeError(units.error)}` : undefined)}
        />
      )}
      <div className="flex flex-col gap-3 sm:col-span-2">
        {register.isError ? <FormMessage tone="error">{describeError(register.error)}</FormMessage> : null}
        {enrolment ? (
          <FormMessage tone="success">
            {`Open this link on ${enrolment.name} within ${DEVICE_ENROLMENT_MINUTES} minutes; it works once and is not shown again: `}
            <span className="break-all font-mono" data-testid="enrolment-link">
              {link}
            </span>
            {` (or open ${DEVICE_ENROL_PATH} there and enter the code `}
            <span className="font-mono">{enrolment.code}</span>
            {').'}
          </FormMessage>
        ) : null}
        <Button type="submit" disabled={register.isPending} className="self-start">
          {register.isPending ? 'Registering...' : 'Register device'}
        </Button>
      </div>
    </form>
  );
}
