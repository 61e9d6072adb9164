import type { CreateIncidentRequest, Incident } from '@argus/contracts/http/incidents';
import { createUser, signIn, signInNewUser, type Client, type TestApp } from './support';

/** Where dispatch-side tests start: command and one crew signed in, the crew's unit, and an open incident. */
export interface CrewedIncident {
  /** A Command_Admin. */
  command: Client;
  commandUserId: string;
  /** The one member of ENGINE-7. */
  crew: Client;
  crewUserId: string;
  unitId: string;
  incidentId: string;
  /** The incident as command was given it when it opened (its reference and version included). */
  incident: Incident;
}

/** What a test may change about the scene; the rest stays ENGINE-7 and a critical warehouse fire. */
export interface CrewedIncidentOptions {
  /** Full names, for tests that read them back (threads, timelines, pushes). */
  commandName?: string;
  crewName?: string;
  incident?: Partial<Pick<CreateIncidentRequest, 'title' | 'severity' | 'location'>>;
}

/** Builds the scene through the API, as command would: ENGINE-7 (fire) crewed, a critical warehouse fire open. */
export async function setUpCrewedIncident(
  t: Pick<TestApp, 'app' | 'services'>,
  options: CrewedIncidentOptions = {},
): Promise<CrewedIncident> {
  const commander = await createUser(t.services, { role: 'Command_Admin', ...(options.commandName && { full_name: options.commandName }) });
  const member = await createUser(t.services, { role: 'Field_Unit', ...(options.crewName && { full_name: options.crewName }) });
  const command = await signIn(t.app, commander.email);
  const crew = await signIn(t.app, member.email);
  const unit = await command.request('POST', '/units', { callsign: 'ENGINE-7', kind: 'fire', members: [member.id] });
  const incident = await command.request('POST', '/incidents', {
    title: 'Warehouse fire',
    category: 'fire',
    severity: 'critical',
    location: { lat: 1, lon: 2 },
    ...options.incident,
  });
  // A scene that could not be built fails here, not as a puzzling assertion later.
  for (const response of [unit, incident]) {
    if (response.statusCode !== 201) throw new Error(`setting up the scene failed: ${response.statusCode} ${response.body}`);
  }
  return {
    command,
    commandUserId: commander.id,
    crew,
    crewUserId: member.id,
    unitId: unit.json().unit.id,
    incidentId: incident.json().incident.id,
    incident: incident.json().incident,
  };
}

/** A second crew, MEDIC-3 (medical) of one Field_Unit: the crew that must not see ENGINE-7's work. */
export async function addOtherCrew(
  t: Pick<TestApp, 'app' | 'services'>,
  command: Client,
): Promise<{ outsider: Client; otherUnitId: string }> {
  const stranger = await signInNewUser(t, 'Field_Unit');
  const unit = await command.request('POST', '/units', { callsign: 'MEDIC-3', kind: 'medical', members: [stranger.user.id] });
  if (unit.statusCode !== 201) throw new Error(`setting up the other crew failed: ${unit.statusCode} ${unit.body}`);
  return { outsider: stranger.client, otherUnitId: unit.json().unit.id };
}
