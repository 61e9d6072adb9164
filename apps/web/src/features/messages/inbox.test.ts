import { describe, expect, it } from 'vitest';
import type { Message, MessageThread } from '@argus/contracts/http/messages';
import { addToInbox, isAnalystNote, isUnitMessage, markThreadRead, threadOf, totalUnread } from './inbox';

const ME = 'command-1';

function message(overrides: Partial<Message>): Message {
  return {
    id: 'm',
    clientId: 'm',
    channel: 'unit',
    targetId: 'unit-1',
    senderId: 'crew-1',
    senderName: 'Frankie',
    senderRole: 'Field_Unit',
    body: 'On our way',
    sentAt: 10,
    ...overrides,
  };
}

function thread(overrides: Partial<MessageThread>): MessageThread {
  return { channel: 'unit', targetId: 'unit-1', title: 'ENGINE-7', lastMessage: message({}), unread: 0, ...overrides };
}

describe('threadOf', () => {
  it('names a direct thread by the other person, whoever wrote', () => {
    expect(threadOf(message({ channel: 'direct', targetId: ME, senderId: 'crew-1' }), ME)).toEqual({
      channel: 'direct',
      targetId: 'crew-1',
    });
    expect(threadOf(message({ channel: 'direct', targetId: 'crew-1', senderId: ME }), ME)).toEqual({
      channel: 'direct',
      targetId: 'crew-1',
    });
    expect(threadOf(message({ channel: 'broadcast', targetId: null }), ME)).toEqual({ channel: 'broadcast' });
  });
});

describe('addToInbox', () => {
  const inbox = {
    threads: [thread({ channel: 'incident', targetId: 'inc-1', title: 'INC-1 Fire' }), thread({ unread: 1 })],
  };

  it('moves the thread to the top with one more unread', () => {
    const next = addToInbox(inbox, message({ id: 'new', sentAt: 20 }), ME)!;
    expect(next.threads.map((item) => item.title)).toEqual(['ENGINE-7', 'INC-1 Fire']);
    expect(next.threads[0]).toMatchObject({ unread: 2, lastMessage: { id: 'new' } });
  });

  it('does not count the viewer’s own message, nor the same message twice', () => {
    const mine = addToInbox(inbox, message({ id: 'new', senderId: ME, sentAt: 20 }), ME)!;
    expect(mine.threads[0]!.unread).toBe(1);
    expect(addToInbox(mine, message({ id: 'new', senderId: ME, sentAt: 20 }), ME)).toBe(mine);
  });

  it('answers null for a thread not listed yet (its title comes from the server)', () => {
    expect(addToInbox(inbox, message({ targetId: 'unit-2' }), ME)).toBeNull();
  });

  it('marks one thread read and totals the rest', () => {
    expect(totalUnread(inbox.threads)).toBe(1);
    expect(totalUnread(markThreadRead(inbox, { channel: 'unit', targetId: 'unit-1' }).threads)).toBe(0);
  });
});

describe('attention', () => {
  it('rings for a crew’s message, not for command’s own or an analyst’s note', () => {
    expect(isUnitMessage(message({}), ME)).toBe(true);
    expect(isUnitMessage(message({ senderId: ME, senderRole: 'Command_Admin' }), ME)).toBe(false);
    const note = message({ channel: 'incident', senderRole: 'Intelligence_Analyst' });
    expect(isUnitMessage(note, ME)).toBe(false);
    expect(isAnalystNote(note)).toBe(true);
  });
});
