import { describe, expect, it } from 'vitest';
import { pli } from '../../../test/tak-cot';
import { readPliFast } from './cot-pli-reader';
import { CotRefused, readCot, readCotWithNodeCot } from './cot-reading';

const at = Date.parse('2026-03-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const ATAK = pli('ANDROID-5c1a9e7d2b40f311', 'VIPER 1', at, 51.5, -0.12);

/** Every way a PLI differs between TAK clients that the fast reader must read as node-cot does. */
const variants: [string, string][] = [
  ['ATAK’s own (single quotes, prolog, stale first)', ATAK],
  ['double quotes, no prolog', ATAK.replace(/^<\?xml[^>]*>\n/, '').replaceAll("'", '"')],
  ['white space before the prolog', `\n  ${ATAK}`],
  ['newlines and indentation between elements', ATAK.replaceAll('><', '>\n    <')],
  ['an escaped callsign', pli('ANDROID-1', 'A&amp;B &lt;3&gt; &#x263A; &#65;', at, 1, 2)],
  ['no track, no status', ATAK.replace(/<status[^>]*\/>/, '').replace(/<track[^>]*\/>/, '')],
  ['unknown speed and course', ATAK.replace("course='271.5' speed='3.25'", "course='9999999.0' speed='-1'")],
  [
    'an empty detail',
    `<event version="2.0" uid="x-1" type="a-h-G" time="${iso(at)}" start="${iso(at)}" stale="${iso(at)}" how="h-e"><point lat="-33.9" lon="151.2" hae="0" ce="10" le="10"/><detail/></event>`,
  ],
  ['the point after the detail', ATAK.replace(/(<point[^>]*\/>)(<detail>.*<\/detail>)/, '$2$1')],
  // Elements Argus does not read are checked, not parsed, unless a reference needs reading.
  ['a reference in an element not read', ATAK.replace("device='SAMSUNG SM-G998U'", "device='SAMSUNG &amp; SM-G998U &#65;'")],
  ['a repeated attribute in an element not read', ATAK.replace("os='33'", "os='33' os='34'")],
  // Attribute names end at their `=`, with or without white space before and after it.
  ['white space around `=` and between attributes', ATAK.replaceAll("='", " =\n\t'").replaceAll("' ", "'\n  ")],
  ['an `=` inside a value', ATAK.replace("endpoint='*:-1:stcp'", "endpoint='a=b'").replace("device='SAMSUNG SM-G998U'", "device='x=y=z'")],
  ['a callsign outside ASCII', pli('ANDROID-1', 'Łódź-1 ☺ 北', at, 1, 2)],
];

/** Shapes the fast reader leaves to node-cot; readCot's answer must still be node-cot's. */
const declined: [string, string][] = [
  ['a comment', ATAK.replace('<detail>', '<detail><!-- hi -->')],
  ['text content', ATAK.replace('<detail>', '<detail><remarks>moving north</remarks>')],
  ['CDATA', ATAK.replace('<detail>', '<detail><remarks><![CDATA[x]]></remarks>')],
  ['two contacts', ATAK.replace('<detail>', "<detail><contact callsign='SHADOW'/>")],
  ['an unknown entity', pli('ANDROID-1', 'A&nbsp;B', at, 1, 2)],
  ['an unknown entity in an element not read', ATAK.replace("device='SAMSUNG SM-G998U'", "device='SAMSUNG&nbsp;SM'")],
  ['a bare ampersand in an element not read', ATAK.replace("device='SAMSUNG SM-G998U'", "device='SAMSUNG & SM'")],
  ['a marker, not a PLI', ATAK.replace("type='a-f-G-U-C'", "type='b-m-p-s-m'")],
  ['an incident marker, an atom of dimension X', ATAK.replace("type='a-f-G-U-C'", "type='a-h-X-i'")],
  ['no stale', ATAK.replace(/stale='[^']*'/, '')],
  ['an unclosed element', ATAK.replace('</detail>', '')],
  ['a prolog not closed by ?>', ATAK.replace("standalone='yes'?>", "standalone='yes'>")],
];

describe('the fast PLI reader', () => {
  it.each(variants)('reads %s exactly as node-cot does', (_name, xml) => {
    expect(readPliFast(xml)).not.toBeNull();
    expect(readCot(xml)).toEqual(readCotWithNodeCot(xml));
  });

  it.each(declined)('leaves %s to node-cot', (_name, xml) => {
    expect(readPliFast(xml)).toBeNull();
    const viaNodeCot = (() => {
      try {
        return readCotWithNodeCot(xml);
      } catch (error) {
        return error instanceof CotRefused ? 'refused' : error;
      }
    })();
    const viaReadCot = (() => {
      try {
        return readCot(xml);
      } catch (error) {
        return error instanceof CotRefused ? 'refused' : error;
      }
    })();
    expect(viaReadCot).toEqual(viaNodeCot);
  });

  it('keeps the hostile-input guarantees: DOCTYPE, entities, nesting and coordinates are refused before or after it', () => {
    expect(() => readCot(`<!DOCTYPE e [<!ENTITY x "y">]>${ATAK}`)).toThrow(/DOCTYPE/);
    expect(() => readCot(ATAK.replace('<detail>', `<detail>${'<a>'.repeat(40)}${'</a>'.repeat(40)}`))).toThrow(/nested deeper/);
    expect(() => readCot(pli('EVIL', 'EVIL', at, 95, 2))).toThrow(/off the globe/);
    expect(() => readCot(pli('EVIL', 'EVIL', at, 1, Number.NaN))).toThrow(/off the globe/);
    expect(readPliFast(ATAK.replace("callsign='VIPER 1'", "callsign='a<b'"))).toBeNull();
  });

  it('declines what the depth check refuses, counting a `>` inside a value as that check does', () => {
    // refuseHostileMarkup ends a tag at its first `>`: these self-closing elements count as opened there.
    const counted = ATAK.replace('<detail>', `<detail>${"<a v='x>y'/>".repeat(40)}`);
    expect(readPliFast(counted)).toBeNull();
    expect(() => readCot(counted)).toThrow(/nested deeper/);
    // A `/>` inside the value closes it for that check: the event is a PLI like any other.
    const closed = ATAK.replace('<detail>', `<detail>${"<a v='x/>y'/>".repeat(40)}`);
    expect(readPliFast(closed)).not.toBeNull();
    expect(readCot(closed)).toEqual(readCotWithNodeCot(closed));
  });
});
