/**
 * Central London, as a handful of real streets traced by their junctions (lat, lon). Units
 * patrol along these polylines; incidents and reports happen near them. Coordinates are the
 * streets' own, rounded to about ten metres: enough for a living picture, not for navigation.
 */
export interface Street {
  name: string;
  points: [lat: number, lon: number][];
}

export const CITY = {
  name: 'Central London',
  centre: { lat: 51.5072, lon: -0.1276 },
  streets: [
    {
      name: 'Oxford Street',
      points: [
        [51.5134, -0.1589],
        [51.5144, -0.1527],
        [51.5152, -0.1457],
        [51.5154, -0.1418],
        [51.5163, -0.1337],
        [51.5165, -0.1307],
      ],
    },
    {
      name: 'Regent Street',
      points: [
        [51.5175, -0.1444],
        [51.5154, -0.1418],
        [51.5125, -0.14],
        [51.5107, -0.1376],
        [51.5101, -0.1345],
      ],
    },
    {
      name: 'Whitehall',
      points: [
        [51.5074, -0.128],
        [51.5053, -0.1264],
        [51.503, -0.1261],
        [51.5008, -0.1257],
      ],
    },
    {
      name: 'The Strand',
      points: [
        [51.5081, -0.1261],
        [51.5097, -0.1223],
        [51.5109, -0.1187],
        [51.5118, -0.1159],
        [51.5131, -0.113],
      ],
    },
    {
      name: 'Fleet Street',
      points: [
        [51.5131, -0.113],
        [51.5138, -0.1089],
        [51.5141, -0.1061],
        [51.5139, -0.1038],
      ],
    },
    {
      name: 'Euston Road',
      points: [
        [51.5232, -0.1564],
        [51.5245, -0.147],
        [51.526, -0.1388],
        [51.5276, -0.1311],
        [51.53, -0.124],
      ],
    },
    {
      name: 'Tottenham Court Road',
      points: [
        [51.5165, -0.1307],
        [51.5194, -0.1331],
        [51.5228, -0.1358],
        [51.5253, -0.1381],
      ],
    },
    {
      name: 'Kingsway',
      points: [
        [51.5176, -0.1203],
        [51.5153, -0.1194],
        [51.5133, -0.1178],
        [51.5118, -0.1159],
      ],
    },
    {
      name: 'Victoria Street',
      points: [
        [51.4995, -0.1289],
        [51.4983, -0.1335],
        [51.4972, -0.1379],
        [51.4964, -0.142],
      ],
    },
    {
      name: 'Piccadilly',
      points: [
        [51.5101, -0.1345],
        [51.5087, -0.1383],
        [51.5072, -0.1425],
        [51.505, -0.1493],
      ],
    },
    {
      name: 'Waterloo Bridge',
      points: [
        [51.5109, -0.1187],
        [51.5087, -0.117],
        [51.5056, -0.1147],
      ],
    },
    {
      name: 'Southwark Street',
      points: [
        [51.5056, -0.1147],
        [51.5052, -0.1058],
        [51.5055, -0.0975],
        [51.5056, -0.093],
      ],
    },
  ] satisfies Street[],
};

/** Incidents the scenario opens, and the civic reports the public files. */
export const INCIDENT_KINDS = [
  { category: 'fire', title: 'Smoke reported from a building', severity: 'high' },
  { category: 'medical', title: 'Person collapsed on the pavement', severity: 'medium' },
  { category: 'traffic', title: 'Collision blocking two lanes', severity: 'medium' },
  { category: 'crime', title: 'Shop alarm and people running', severity: 'high' },
  { category: 'hazard', title: 'Gas smell near the junction', severity: 'critical' },
  { category: 'infrastructure', title: 'Burst water main flooding the road', severity: 'low' },
] as const;

export const CIVIC_REPORTS = [
  { category: 'fire', description: 'Black smoke coming out of an upstairs window' },
  { category: 'traffic', description: 'Two cars crashed, one is blocking the bus lane' },
  { category: 'hazard', description: 'Strong smell of gas near the bus stop' },
  { category: 'medical', description: 'An older man fell and is not getting up' },
  { category: 'infrastructure', description: 'Water pouring out of the road surface' },
  { category: 'crime', description: 'Window smashed at the corner shop, alarm ringing' },
] as const;

/** What a simulated crew tells command, on patrol or on a job. */
export const CREW_MESSAGES = {
  patrolling: [
    'Quiet on our patrol, nothing to report.',
    'Stopping for fuel, back available in ten minutes.',
    'Crowd building outside the station, keeping an eye on it.',
    'Road closed by works ahead, taking the next street.',
  ],
  onJob: [
    'Scene is safe, treating one casualty.',
    'Need traffic control at the junction, please.',
    'Witnesses spoken to, details to follow.',
    'Situation contained, finishing up here.',
  ],
} as const;

/** Civic reports with a word from the default threat lexicon in them, so the keyword rule raises an alert. */
export const THREAT_REPORTS = [
  { category: 'fire', description: 'Fire in the bins behind the restaurant, flames reaching the wall' },
  { category: 'crime', description: 'Someone heard shots near the underpass, people running away' },
  { category: 'hazard', description: 'Loud explosion from a building site, dust everywhere' },
] as const;
