import { createHash } from 'node:crypto';

/**
 * The Janus instance a room lives on, the same on every Argus node without asking anyone:
 * rendezvous hashing (the instance whose hash with the room id is highest), so adding or removing
 * an instance moves only the rooms that must move
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export function placeRoom(roomId: string, instances: readonly string[]): string {
  if (instances.length === 0) throw new Error('No Janus instance is configured.');
  let best = instances[0]!;
  let bestScore = '';
  for (const instance of instances) {
    const score = createHash('sha256').update(`${instance}\n${roomId}`).digest('hex');
    if (score > bestScore) {
      best = instance;
      bestScore = score;
    }
  }
  return best;
}
