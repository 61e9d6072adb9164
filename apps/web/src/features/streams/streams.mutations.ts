import { StreamRoomResponse, type CreateStreamRequest, type StreamRoom } from '@argus/contracts/http/streams';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-error';

/**
 * Creates a room with a fixed id, or accepts that it exists already (a page reopened, a second
 * tab): either way the room is there to publish to afterwards.
 */
export async function ensureRoom(request: CreateStreamRequest & { id: string }): Promise<StreamRoom | null> {
  try {
    return (await api.post('/stream/create', request, StreamRoomResponse, { kind: 'streaming' })).room;
  } catch (error) {
    if (isApiError(error) && error.status === 409) return null;
    throw error;
  }
}
