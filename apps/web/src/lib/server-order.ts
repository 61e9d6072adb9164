/** The server's order for incident and report lists: newest created first, then by id, descending. */
export const byNewestCreated = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
