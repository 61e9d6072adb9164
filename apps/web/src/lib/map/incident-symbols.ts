import { INCIDENT_SEVERITIES, type IncidentSeverity } from '@argus/contracts/incidents';
import { SEVERITY_COLOURS } from './palette';

/**
 * How an incident is drawn: a MIL-STD-2525C emergency management symbol (drawn by milsymbol)
 * chosen by its category, filled with its severity's colour, with a badge carrying the
 * severity's letter so severity reads without colour (docs/decisions/0030-unit-symbols.md).
 *
 * Categories are free text ("fire", "RTC", "gas leak"), so each group lists the words that put
 * a category in it; the first group with a word of the category wins, and a category no group
 * knows gets the plain incident symbol.
 */
export interface IncidentCategorySymbol {
  /** Stable, lower case, no hyphen: part of the image name. */
  group: string;
  /** The legend's name for the group. */
  label: string;
  /** Whole words of a category (lower case) that put it in this group. */
  words: readonly string[];
  /** MIL-STD-2525C letter SIDC, emergency management, hostile (the threat), present. */
  sidc: string;
}

/** The one table that maps incident categories to symbols; edit it to change how a category looks. */
export const INCIDENT_CATEGORY_SYMBOLS: readonly IncidentCategorySymbol[] = [
  { group: 'fire', label: 'Fire', words: ['fire', 'fires', 'smoke', 'blaze', 'arson', 'wildfire', 'burning'], sidc: 'EHIPC-----' },
  {
    group: 'hazmat',
    label: 'Hazardous materials',
    words: ['hazmat', 'chemical', 'gas', 'spill', 'leak', 'toxic', 'cbrn', 'radiation'],
    sidc: 'EHIPD-----',
  },
  {
    group: 'medical',
    label: 'Medical',
    words: ['medical', 'casualty', 'casualties', 'injury', 'injured', 'ambulance', 'cardiac', 'overdose'],
    sidc: 'EHOPA-----',
  },
  {
    group: 'traffic',
    label: 'Road traffic',
    words: ['traffic', 'road', 'vehicle', 'car', 'rtc', 'collision', 'crash', 'accident'],
    sidc: 'EHIPH-----',
  },
  { group: 'rail', label: 'Rail', words: ['rail', 'railway', 'train', 'tram', 'metro'], sidc: 'EHIPG-----' },
  { group: 'air', label: 'Aircraft', words: ['aircraft', 'plane', 'helicopter', 'aviation', 'drone'], sidc: 'EHIPE-----' },
  { group: 'marine', label: 'Marine', words: ['marine', 'boat', 'ship', 'vessel', 'maritime'], sidc: 'EHIPF-----' },
  {
    group: 'crime',
    label: 'Crime',
    words: ['crime', 'criminal', 'theft', 'robbery', 'burglary', 'assault', 'shooting', 'stabbing', 'weapon', 'bomb', 'explosive'],
    sidc: 'EHIPB-----',
  },
  { group: 'unrest', label: 'Civil disturbance', words: ['riot', 'protest', 'unrest', 'disturbance', 'crowd'], sidc: 'EHIPA-----' },
  { group: 'flood', label: 'Flood', words: ['flood', 'flooding', 'tsunami'], sidc: 'EHNPBC----' },
  { group: 'earthquake', label: 'Earthquake', words: ['earthquake', 'quake', 'collapse'], sidc: 'EHNPAC----' },
];

/** An incident whose category no group claims. */
export const OTHER_INCIDENT: IncidentCategorySymbol = { group: 'other', label: 'Other incident', words: [], sidc: 'EHIP------' };

/** The letter in each severity badge: one per severity. */
export const SEVERITY_GLYPHS: Record<IncidentSeverity, string> = { low: 'L', medium: 'M', high: 'H', critical: 'C' };

/** The group a free-text category falls in. */
export function incidentCategoryGroup(category: string): IncidentCategorySymbol {
  const words = new Set(category.toLowerCase().match(/[a-z]+/g) ?? []);
  return INCIDENT_CATEGORY_SYMBOLS.find((entry) => entry.words.some((word) => words.has(word))) ?? OTHER_INCIDENT;
}

const NAME_PREFIX = 'argus-incident-';

/** The image name of an incident's look. */
export function incidentSymbolName(category: string, severity: IncidentSeverity): string {
  return `${NAME_PREFIX}${incidentCategoryGroup(category).group}-${severity}`;
}

/** One distinct incident look: what milsymbol draws and the badge beside it. */
export interface IncidentSymbol {
  name: string;
  sidc: string;
  fillColour: string;
  fillOpacity: number;
  badge: { text: string; colour: string };
}

function incidentSymbol(entry: IncidentCategorySymbol, severity: IncidentSeverity): IncidentSymbol {
  return {
    name: `${NAME_PREFIX}${entry.group}-${severity}`,
    sidc: entry.sidc,
    fillColour: SEVERITY_COLOURS[severity],
    fillOpacity: 1,
    badge: { text: SEVERITY_GLYPHS[severity], colour: SEVERITY_COLOURS[severity] },
  };
}

/** The look a name stands for, or null when the name is not an incident look's. */
export function incidentSymbolFromName(name: string): IncidentSymbol | null {
  if (!name.startsWith(NAME_PREFIX)) return null;
  const [group, severity] = name.slice(NAME_PREFIX.length).split('-');
  const entry = [...INCIDENT_CATEGORY_SYMBOLS, OTHER_INCIDENT].find((candidate) => candidate.group === group);
  if (!entry || !(INCIDENT_SEVERITIES as readonly string[]).includes(severity ?? '')) return null;
  return incidentSymbol(entry, severity as IncidentSeverity);
}
