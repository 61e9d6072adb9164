import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '../src/config';
import { JanusMediaServer } from '../src/media/janus/janus-media-server';
import { mediaServerFor } from '../src/media/media-server-for';
import { SfuSupervisor } from '../src/media/sfu-supervisor';

describe('choosing the media server (docs/decisions/0076-janus-behind-the-media-server-interface.md)', () => {
  it('keeps the embedded SFU by default, and takes Janus with its instances when asked', () => {
    expect(mediaServerFor(loadConfig({}).video)).toBeInstanceOf(SfuSupervisor);
    const video = loadConfig({ MEDIA_SERVER: 'janus', JANUS_URLS: 'ws://janus-a:8188, wss://janus-b.example.org/ws' }).video;
    // Normalised, so every node hashes one instance alike however its URL is written.
    expect(video.janusUrls).toEqual(['ws://janus-a:8188/', 'wss://janus-b.example.org/ws']);
    expect(loadConfig({ MEDIA_SERVER: 'janus', JANUS_URLS: 'WS://Janus-A:8188/' }).video.janusUrls).toEqual(['ws://janus-a:8188/']);
    expect(mediaServerFor(video)).toBeInstanceOf(JanusMediaServer);
  });

  it('refuses at start-up what would leave video without a media server', () => {
    expect(() => loadConfig({ MEDIA_SERVER: 'mediasoup' })).toThrow(/MEDIA_SERVER.*must be embedded or janus/s);
    expect(() => loadConfig({ MEDIA_SERVER: 'janus' })).toThrow(
      'JANUS_URLS: MEDIA_SERVER=janus needs the WebSocket URL of at least one Janus',
    );
    expect(() => loadConfig({ MEDIA_SERVER: 'janus', JANUS_URLS: 'http://janus:8088/janus' })).toThrow(
      'JANUS_URLS: every entry must start with ws:// or wss://',
    );
    expect(() => loadConfig({ JANUS_URLS: 'ws://janus:8188' })).toThrow('JANUS_URLS: set MEDIA_SERVER=janus to use Janus');
  });

  it('warns at start when Janus runs without Redis, so signalling cannot reach the node holding a peer', () => {
    const janus = { MEDIA_SERVER: 'janus', JANUS_URLS: 'ws://janus:8188' };
    expect(configWarnings(loadConfig(janus))).toEqual([expect.stringMatching(/^MEDIA_SERVER=janus without REDIS_URL/)]);
    expect(configWarnings(loadConfig({ ...janus, REDIS_URL: 'redis://redis:6379' }))).toEqual([]);
    expect(configWarnings(loadConfig({}))).toEqual([]);
  });
});
