import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pli } from '../../../test/tak-cot';
import { readPliFast } from './cot-pli-reader';
import { readCanonicalPli } from './cot-pli-shape';
import { readCot, readCotWithNodeCot } from './cot-reading';

const at = Date.parse('2026-03-01T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** The orders and quote styles the whole-PLI expression answers for. */
const canonical: [string, string][] = [
  ['ATAK, `stale` before `time`', pli('ANDROID-5c1a9e7d2b40f311', 'VIPER 1', at, 51.5, -0.12)],
  [
    'ATAK, `time` first (the bench’s)',
    `<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n` +
      `<event version='2.0' uid='ANDROID-bench-7' type='a-f-G-U-C' time='${iso(at)}' start='${iso(at)}' stale='${iso(at + 75_000)}' how='m-g'>` +
      `<point lat='51.000700' lon='-0.100700' hae='9999999.0' ce='9999999.0' le='9999999.0'/>` +
      `<detail><takv device='SAMSUNG SM-G998U' platform='ATAK-CIV' os='33' version='4.10.0.27'/>` +
      `<contact endpoint='*:-1:stcp' callsign='BENCHPLI-7'/><uid Droid='BENCHPLI-7'/>` +
      `<__group role='Team Member' name='Cyan'/><status battery='76'/><track course='271.5' speed='3.25'/></detail></event>`,
  ],
  [
    'iTAK-like: double quotes, no prolog, `how` first, detail in another order',
    `<event version="2.0" uid="6C1F0E2A-iTAK" type="a-f-G-U-C" how="h-e" time="${iso(at)}" start="${iso(at)}" stale="${iso(at + 120_000)}">` +
      `<point lat="-33.865" lon="151.209" hae="42.1" ce="4.5" le="9999999.0"/>` +
      `<detail><contact callsign="Kestrel" endpoint="*:-1:stcp"/><__group name="Yellow" role="Team Lead"/>` +
      `<status battery="48"/><track speed="0.0" course="90.5"/><precisionlocation altsrc="GPS" geopointsrc="GPS"/>` +
      `<takv device="iPhone" platform="iTAK" os="17.4" version="2.10.2"/><uid Droid="Kestrel"/></detail></event>`,
  ],
  ['a callsign outside ASCII', pli('ANDROID-1', 'Łódź-1 ☺ 北', at, 1, 2)],
];

type Change = [string, (xml: string) => string];

/** Ways TAK clients (and broken or hostile senders) differ: each alone and combined below. */
const changes: Change[] = [
  ['double quotes', (xml) => xml.replaceAll("'", '"')],
  ['newlines between elements', (xml) => xml.replaceAll('><', '>\n    <')],
  ['white space before the prolog', (xml) => `\n  ${xml}`],
  ['no prolog', (xml) => xml.replace(/^<\?xml[^>]*>\n?/, '')],
  ['white space around `=`', (xml) => xml.replaceAll("='", " =\n\t'").replaceAll('="', ' = "')],
  ['tabs between attributes', (xml) => xml.replaceAll("' ", "'\t").replaceAll('" ', '"\t')],
  ['a space before `/>`', (xml) => xml.replaceAll('/>', ' />')],
  ['a space in the closing tags', (xml) => xml.replace('</detail>', '</detail >').replace('</event>', '</event\n>')],
  ['trailing white space', (xml) => `${xml}\n\r\n`],
  ['trailing text', (xml) => `${xml}x`],
  ['contact attributes swapped', (xml) => xml.replace(/endpoint=(['"][^'"]*['"]) callsign=(['"][^'"]*['"])/, 'callsign=$2 endpoint=$1')],
  ['no endpoint', (xml) => xml.replace(/ endpoint=['"][^'"]*['"]/, '')],
  ['two contacts', (xml) => xml.replace('</detail>', "<contact callsign='SHADOW'/></detail>")],
  ['two tracks', (xml) => xml.replace('</detail>', "<track course='1' speed='2'/></detail>")],
  ['two statuses', (xml) => xml.replace('</detail>', "<status battery='9'/></detail>")],
  ['no contact', (xml) => xml.replace(/<contact [^>]*\/>/, '')],
  ['no track', (xml) => xml.replace(/<track [^>]*\/>/, '')],
  ['no status', (xml) => xml.replace(/<status [^>]*\/>/, '')],
  ['an empty contact', (xml) => xml.replace(/<contact [^>]*\/>/, '<contact/>')],
  ['a track with course only', (xml) => xml.replace(/<track [^>]*\/>/, "<track course='12'/>")],
  ['an extra status attribute', (xml) => xml.replace(/<status /, "<status readiness='true' ")],
  ['a repeated callsign', (xml) => xml.replace(/<contact /, "<contact callsign='TWICE' ")],
  ['a repeated attribute in an element not read', (xml) => xml.replace(/<takv /, "<takv os='1' os='2' ")],
  ['an escaped callsign', (xml) => xml.replace(/callsign=(['"])[^'"]*\1/, "callsign='A&amp;B &#x263A;'")],
  ['a reference in an element not read', (xml) => xml.replace(/<takv /, "<takv note='a &amp; b' ")],
  ['an unknown entity', (xml) => xml.replace(/callsign=(['"])[^'"]*\1/, "callsign='A&nbsp;B'")],
  ['a `>` in a value', (xml) => xml.replace(/callsign=(['"])[^'"]*\1/, "callsign='a>b'")],
  ['a `<` in a value', (xml) => xml.replace(/callsign=(['"])[^'"]*\1/, "callsign='a<b'")],
  ['an apostrophe in a double-quoted value', (xml) => xml.replace(/callsign=(['"])[^'"]*\1/, `callsign="O'Brien"`)],
  ['a callsign outside ASCII', (xml) => xml.replace(/callsign=(['"])[^'"]*\1/, "callsign='Ærø ☺'")],
  ['a marker, not a PLI', (xml) => xml.replace(/type=(['"])a-f-G-U-C\1/, "type='b-m-p-s-m'")],
  ['an incident marker', (xml) => xml.replace(/type=(['"])a-f-G-U-C\1/, "type='a-h-X-i'")],
  ['another atom', (xml) => xml.replace(/type=(['"])a-f-G-U-C\1/, "type='a-h-A-M-F'")],
  ['a detail element with children', (xml) => xml.replace('<detail>', '<detail><remarks></remarks>')],
  ['text content', (xml) => xml.replace('<detail>', '<detail><remarks>north</remarks>')],
  ['a comment', (xml) => xml.replace('<detail>', '<detail><!-- hi -->')],
  ['an element named like one read', (xml) => xml.replace('<detail>', "<detail><contacts x='1'/><tracker/>")],
  ['an extra event attribute', (xml) => xml.replace('<event ', "<event access='Undefined' ")],
  ['no `how`', (xml) => xml.replace(/ how=(['"])[^'"]*\1/, '')],
  ['no `stale`', (xml) => xml.replace(/ stale=(['"])[^'"]*\1/, '')],
  ['the point after the detail', (xml) => xml.replace(/(<point[^>]*\/>)(<detail>.*<\/detail>)/s, '$2$1')],
  ['an empty detail', (xml) => xml.replace(/<detail>.*<\/detail>/s, '<detail/>')],
  ['no detail', (xml) => xml.replace(/<detail>.*<\/detail>/s, '')],
  ['a prolog not closed by `?>`', (xml) => xml.replace("standalone='yes'?>", "standalone='yes'>")],
  ['an element name in capitals', (xml) => xml.replace('<contact', '<Contact')],
  ['an unclosed detail', (xml) => xml.replace('</detail>', '')],
  ['a second event', (xml) => `${xml}${xml}`],
];

/** A small seeded generator, so a failing combination is the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    // Park and Miller's generator: its product stays below 2 ** 53, so every bit of the state moves.
    state = (state * 48_271) % 2_147_483_647;
    return state % below;
  };
}

function combinations(count: number): [string, string][] {
  const next = generator(18);
  const result: [string, string][] = [];
  for (let index = 0; index < count; index += 1) {
    const [baseName, base] = canonical[next(canonical.length)]!;
    let xml = base;
    const names = [baseName];
    for (let step = next(4); step >= 0; step -= 1) {
      const [name, change] = changes[next(changes.length)]!;
      xml = change(xml);
      names.push(name);
    }
    result.push([names.join(' + '), xml]);
  }
  return result;
}

const fixtures = fs
  .readdirSync(new URL('../../../test/fixtures/cot/', import.meta.url))
  .filter((name) => name.endsWith('.xml'))
  .map((name): [string, string] => [name, fs.readFileSync(new URL(`../../../test/fixtures/cot/${name}`, import.meta.url), 'utf8')]);

describe('the whole-PLI expression', () => {
  it.each(canonical)('reads %s as the tag reader and node-cot do', (_name, xml) => {
    expect(readCanonicalPli(xml)).not.toBeNull();
    expect(readCanonicalPli(xml)).toEqual(readPliFast(xml));
    expect(readCot(xml)).toEqual(readCotWithNodeCot(xml));
  });

  it.each(changes.flatMap(([name, change]) => canonical.map(([base, xml]): [string, string] => [`${base} + ${name}`, change(xml)])))(
    'answers for %s only as the tag reader does',
    (_name, xml) => {
      const shape = readCanonicalPli(xml);
      if (shape) expect(shape).toEqual(readPliFast(xml));
    },
  );

  it('answers for generated variants only as the tag reader does, and for many of them', () => {
    let answered = 0;
    for (const [name, xml] of combinations(3000)) {
      const shape = readCanonicalPli(xml);
      if (!shape) continue;
      answered += 1;
      expect({ name, fields: shape }).toEqual({ name, fields: readPliFast(xml) });
    }
    expect(answered).toBeGreaterThan(300);
  });

  it.each(fixtures)('leaves the fixture %s to the other readers', (_name, xml) => {
    expect(readCanonicalPli(xml)).toBeNull();
  });

  it('declines a repeated or odd element it reads, which the tag reader declines too', () => {
    const atak = canonical[0]![1];
    for (const xml of [
      atak.replace('</detail>', "<contact callsign='SHADOW'/></detail>"),
      atak.replace(/<contact [^>]*\/>/, "<contact callsign='A' callsign='B'/>"),
    ]) {
      expect(readCanonicalPli(xml)).toBeNull();
      expect(readPliFast(xml)).toBeNull();
    }
  });

  it('takes no more than linear time on a long run of white space that does not match', () => {
    // Not a timing assertion: a backtracking blow-up would not finish at all on 200 000 spaces.
    expect(readCanonicalPli(`${' '.repeat(200_000)}<event`)).toBeNull();
    expect(readCanonicalPli(`<event version='2.0'${' '.repeat(200_000)}/`)).toBeNull();
  });
});
