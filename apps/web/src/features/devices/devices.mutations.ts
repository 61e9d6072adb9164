import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateDeviceResponse, DeviceResponse, type CreateDeviceRequest } from '@argus/contracts/http/devices';
import { api } from '../../lib/api';
import { deviceQueries } from './devices.queries';

export function useRegisterDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeviceRequest) => api.post('/devices', body, CreateDeviceResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceQueries.all }),
  });
}

export function useRevokeDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/devices/${encodeURIComponent(id)}/revoke`, {}, DeviceResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceQueries.all }),
  });
}
