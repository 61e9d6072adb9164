import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchLive } from './live-patch';

interface Thread {
  messages: string[];
}

const key = ['thread'] as const;
const addMessage = (message: string) => (old: Thread) => (old.messages.includes(message) ? old : { messages: [...old.messages, message] });

/** A query whose answers the test hands out one by one, as a slow server would. */
function slowServer() {
  const pending: ((answer: Thread) => void)[] = [];
  return {
    queryFn: () => new Promise<Thread>((resolve) => pending.push(resolve)),
    answer: (thread: Thread) => pending.shift()!(thread),
    get waiting() {
      return pending.length;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function watched(queryClient: QueryClient, queryFn: () => Promise<Thread>) {
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn, staleTime: Infinity });
  const stop = observer.subscribe(() => undefined);
  return { observer, stop };
}

describe('patchLive', () => {
  it('patches settled data at once', async () => {
    const queryClient = new QueryClient();
    const server = slowServer();
    const { stop } = watched(queryClient, server.queryFn);
    server.answer({ messages: ['a'] });
    await settle();
    patchLive(queryClient, key, addMessage('b'));
    expect(queryClient.getQueryData<Thread>(key)?.messages).toEqual(['a', 'b']);
    stop();
  });

  it('keeps an event that arrives while a refetch is in flight with an older answer', async () => {
    const queryClient = new QueryClient();
    const server = slowServer();
    const { stop } = watched(queryClient, server.queryFn);
    server.answer({ messages: ['a'] });
    await settle();
    void queryClient.invalidateQueries({ queryKey: key });
    await settle();
    expect(server.waiting).toBe(1);
    patchLive(queryClient, key, addMessage('b'));
    // The answer was read before 'b' was sent.
    server.answer({ messages: ['a'] });
    await settle();
    expect(queryClient.getQueryData<Thread>(key)?.messages).toEqual(['a', 'b']);
    stop();
  });

  it('keeps an event that arrives before the first answer, once', async () => {
    const queryClient = new QueryClient();
    const server = slowServer();
    const { stop } = watched(queryClient, server.queryFn);
    await settle();
    patchLive(queryClient, key, addMessage('b'));
    expect(queryClient.getQueryData(key)).toBeUndefined();
    // This answer already holds the event: the patch must not add it twice.
    server.answer({ messages: ['a', 'b'] });
    await settle();
    expect(queryClient.getQueryData<Thread>(key)?.messages).toEqual(['a', 'b']);
    stop();
  });

  it('keeps an event that arrives before a first answer that predates it', async () => {
    const queryClient = new QueryClient();
    const server = slowServer();
    const { stop } = watched(queryClient, server.queryFn);
    await settle();
    patchLive(queryClient, key, addMessage('b'));
    server.answer({ messages: ['a'] });
    await settle();
    expect(queryClient.getQueryData<Thread>(key)?.messages).toEqual(['a', 'b']);
    stop();
  });

  it('applies every event that waited, in order, with one cache listener', async () => {
    const queryClient = new QueryClient();
    const server = slowServer();
    const { stop } = watched(queryClient, server.queryFn);
    await settle();
    const listenersBefore = (queryClient.getQueryCache() as unknown as { listeners: Set<unknown> }).listeners.size;
    for (const message of ['b', 'c', 'd']) patchLive(queryClient, key, addMessage(message));
    expect((queryClient.getQueryCache() as unknown as { listeners: Set<unknown> }).listeners.size).toBe(listenersBefore + 1);
    server.answer({ messages: ['a'] });
    await settle();
    expect(queryClient.getQueryData<Thread>(key)?.messages).toEqual(['a', 'b', 'c', 'd']);
    stop();
  });

  it('ignores a query nobody has asked for', () => {
    const queryClient = new QueryClient();
    patchLive(queryClient, key, addMessage('b'));
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });
});
