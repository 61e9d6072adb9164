/** Messages (docs/decisions/0012-core-entities.md): to everyone, to one unit's crew, about one incident, or to one person. */
export const MESSAGE_CHANNELS = ['broadcast', 'unit', 'incident', 'direct'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
