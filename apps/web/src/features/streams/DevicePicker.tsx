import type { Devices } from '../../lib/webrtc/media';
import { SelectField, type SelectOption } from '../../components/ui/SelectField';

/** A device's label, or its kind and number while the browser withholds labels. */
function deviceOptions(devices: readonly MediaDeviceInfo[], kind: string, none: string): SelectOption<string>[] {
  if (devices.length === 0) return [{ value: '', label: none }];
  return devices.map((device, index) => ({ value: device.deviceId, label: device.label || `${kind} ${index + 1}` }));
}

/** Camera and microphone choice; labels appear once the browser has allowed capture. */
export function DevicePicker({
  devices,
  camera,
  microphone,
  onCamera,
  onMicrophone,
  disabled,
}: {
  devices: Devices;
  camera: string;
  microphone: string;
  onCamera: (id: string) => void;
  onMicrophone: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="Camera"
        value={camera}
        options={deviceOptions(devices.cameras, 'Camera', 'No camera found')}
        onChange={onCamera}
        disabled={disabled ?? false}
      />
      <SelectField
        label="Microphone"
        value={microphone}
        options={deviceOptions(devices.microphones, 'Microphone', 'No microphone found')}
        onChange={onMicrophone}
        disabled={disabled ?? false}
      />
    </div>
  );
}
