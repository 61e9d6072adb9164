import { signInNewUser, type Client, type TestApp } from './support';

/** Where dispatch-side tests start: command and one crew signed in, the crew's unit, and an open incident. */
export interface CrewedIncident {
  /** A Command_Admin. */
  command: Client;
  /** The one member of ENGINE-7. */
  crew: Client;
  unitId: string;
  incidentId: string;
}

/** Builds the scene through the API, as command would: ENGINE-7 (fire) crewed, a critical warehouse fire open. */
export async function setUpCrewedIncident(t: Pick<TestApp, 'app' | 'services'>): Promise<CrewedIncident> {
  const { client: command } = await signInNewUser(t, 'Command_Admin');
  const { user: member, client: crew } = await signInNewUser(t, 'Field_Unit');
  const unit = await command.request('POST', '/units', { callsign: 'ENGINE-7', kind: 'fire', members: [member.id] });
  const incident = await command.request('POST', '/incidents', {
    title: 'Warehouse fire',
    category: 'fire',
    severity: 'critical',
    location: { lat: 1, lon: 2 },
  });
  // A scene that could not be built fails here, not as a puzzling assertion later.
  for (const response of [unit, incident]) {
    if (response.statusCode !== 201) throw new Error(`setting up the scene failed: ${response.statusCode} ${response.body}`);
  }
  return { command, crew, unitId: unit.json().unit.id, incidentId: incident.json().incident.id };
}
