import { describe, expect, it } from 'vitest';
import { MAX_HEAD_BYTES, RtspProtocolError, RtspRequestReader } from './rtsp-requests';
import { readRtspLink, rtspLink } from './rtsp-link';

const statusOf = (push: () => unknown) => {
  try {
    push();
  } catch (error) {
    return error instanceof RtspProtocolError ? error.status : -1;
  }
  return null;
};

describe('reading RTSP requests off a TCP stream', () => {
  it('reads requests split anywhere, pipelined, with bodies, and skips interleaved RTCP between them', () => {
    const reader = new RtspRequestReader();
    const bytes = Buffer.concat([
      Buffer.from('OPTIONS * RTSP/1.0\r\nCSeq: 1\r\n\r\n'),
      // A receiver report on channel 1.
      Buffer.from([0x24, 0x01, 0x00, 0x04, 0x81, 0xc9, 0x00, 0x07]),
      Buffer.from('GET_PARAMETER rtsp://h/r/t RTSP/1.0\r\nCSeq: 2\r\nContent-Length: 5\r\n\r\nhello'),
      Buffer.from('TEARDOWN rtsp://h/r/t RTSP/1.0\nCSeq: 3\nSession: ab\n\n'),
    ]);
    const seen = [];
    for (let offset = 0; offset < bytes.length; offset += 7) seen.push(...reader.push(bytes.subarray(offset, offset + 7)).requests);
    expect(seen.map((request) => [request.method, request.cseq])).toEqual([
      ['OPTIONS', '1'],
      ['GET_PARAMETER', '2'],
      ['TEARDOWN', '3'],
    ]);
    expect(seen[2]!.headers.get('session')).toBe('ab');
  });

  it('says when a request is started but not finished', () => {
    const reader = new RtspRequestReader();
    expect(reader.push(Buffer.from('DESCRIBE rtsp://h/r/t RTSP/1.0\r\nCSe'))).toEqual({ requests: [], partial: true });
  });

  it('refuses what is not RTSP/1.0 or is too large, with the status to answer', () => {
    expect(statusOf(() => new RtspRequestReader().push(Buffer.from('GET / HTTP/1.1\r\n\r\n')))).toBe(400);
    expect(statusOf(() => new RtspRequestReader().push(Buffer.from('OPTIONS * RTSP/2.0\r\nCSeq: 1\r\n\r\n')))).toBe(505);
    expect(statusOf(() => new RtspRequestReader().push(Buffer.alloc(MAX_HEAD_BYTES + 1, 0x41)))).toBe(400);
    const headers = Array.from({ length: 40 }, (_, i) => `X-${i}: 1`).join('\r\n');
    expect(statusOf(() => new RtspRequestReader().push(Buffer.from(`OPTIONS * RTSP/1.0\r\n${headers}\r\n\r\n`)))).toBe(400);
    expect(statusOf(() => new RtspRequestReader().push(Buffer.from('OPTIONS * RTSP/1.0\r\nCSeq: x\r\n\r\n')))).toBe(400);
    expect(statusOf(() => new RtspRequestReader().push(Buffer.from('OPTIONS * RTSP/1.0\r\nContent-Length: 99999\r\n\r\n')))).toBe(413);
    expect(statusOf(() => new RtspRequestReader().push(Buffer.from('OPTIONS * RTSP/1.0\r\nContent-Length: -1\r\n\r\n')))).toBe(400);
  });
});

describe('RTSP playback links', () => {
  it('names the room and token, and reads them back from a request URL, with or without the track', () => {
    const link = rtspLink({ host: 'argus.example.org', port: 8554 }, 'unit-4', 'eyJ.a-b.c_d');
    expect(link.href).toBe('rtsp://argus.example.org:8554/unit-4/eyJ.a-b.c_d');
    expect(readRtspLink(link.href)).toEqual({ roomId: 'unit-4', token: 'eyJ.a-b.c_d', track: false });
    expect(readRtspLink(`${link.href}/track0`)).toEqual({ roomId: 'unit-4', token: 'eyJ.a-b.c_d', track: true });
    expect(rtspLink({ host: '::1', port: 8554 }, 'r', 't').hostname).toBe('[::1]');
  });

  it('reads nothing from what is not a link', () => {
    for (const url of ['*', 'http://h/r/t', 'rtsp://h/r', 'rtsp://h/r/t/x', 'rtsp://h/r%20oom/t', 'rtsp://h/r/t<script>'])
      expect(readRtspLink(url)).toBeNull();
  });
});
