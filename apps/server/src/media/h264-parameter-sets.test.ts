import { describe, expect, it } from 'vitest';
import { H264ParameterSetReader } from './h264-parameter-sets';

const sps = Buffer.from([0x67, 0x42, 0xc0, 0x1e, 0xda, 0x02, 0x80]);
const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80]);
const stapA = (...units: Buffer[]) =>
  Buffer.concat([Buffer.from([0x18]), ...units.flatMap((unit) => [Buffer.from([0, unit.length]), unit])]);

describe('the H264 parameter sets read from RTP payloads', () => {
  it('reads them aggregated in a STAP-A', () => {
    const reader = new H264ParameterSetReader();
    expect(reader.push(stapA(sps, pps, Buffer.from([0x65, 0x88])))).toBe(true);
    expect(reader.known()).toEqual({ sps, pps });
  });

  it('reads them as single NAL unit packets, and knows nothing until both came', () => {
    const reader = new H264ParameterSetReader();
    expect(reader.push(Buffer.from([0x65, 0x88, 0x84]))).toBe(false);
    expect(reader.push(sps)).toBe(false);
    expect(reader.known()).toBeNull();
    expect(reader.push(pps)).toBe(true);
    expect(reader.known()).toEqual({ sps, pps });
  });

  it('ignores a STAP-A whose sizes run past its end', () => {
    const reader = new H264ParameterSetReader();
    const damaged = Buffer.concat([Buffer.from([0x18, 0, 40]), sps]);
    expect(reader.push(damaged)).toBe(false);
  });
});
