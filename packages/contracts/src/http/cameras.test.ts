import { describe, expect, it } from 'vitest';
import { StreamUrl } from './cameras';

const reason = (value: string) => {
  const parsed = StreamUrl.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('StreamUrl', () => {
  it('takes a stream address with an ordinary query', () => {
    expect(reason('rtsp://cam.example:554/live?channel=1&subtype=0')).toBeNull();
    expect(reason('https://video.example/hls/feed.m3u8')).toBeNull();
  });

  it('refuses credentials in the user part and in the query alike', () => {
    const refused = 'Give the stream URL without a user name or password.';
    expect(reason('rtsp://admin:secret@cam.example/live')).toBe(refused);
    for (const key of ['token', 'password', 'key', 'auth', 'sig', 'Token', 'access_token'])
      expect(reason(`https://video.example/feed.m3u8?channel=1&${key}=abc123`), key).toBe(refused);
  });
});
