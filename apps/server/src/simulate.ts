import { parseArgs } from 'node:util';
import type { Unit } from '@argus/contracts/http/units';
import { ApiClient } from './simulator/api-client';
import { Scenario } from './simulator/scenario';
import { SCENARIO_PREFIX } from './simulator/scenario-units';

const USAGE = `Usage: npm run simulate -- --url URL --command-email E --command-password P --civic-email E --civic-password P [options]

Runs the scenario simulator headless against a running Argus, through its public API.

  --units N                  make sure N units ${SCENARIO_PREFIX}SIM-1… exist (creating units is an
                             administrative action: with MFA_REQUIRED_FOR_ADMINS the account needs its second factor)
  --positions-per-second R   how many position reports to send per second in all (default: one per unit every 2 s)
  --incident-every S         seconds between new incidents (default 45)
  --report-every S           seconds between civic reports (default 30)
  --seconds S                stop after S seconds and print what was sent (default: run until interrupted)
  --crew-email E --crew-password P
                             a Field_Unit account crewing the units: their crews then message command and
                             press SOS at the demo's pace (CREW_ACTIVITY_PACE); without it they stay silent`;

function number(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number.`);
  return parsed;
}

/** The simulator as a load generator: `npm run simulate -- …`. */
async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      'command-email': { type: 'string' },
      'command-password': { type: 'string' },
      'civic-email': { type: 'string' },
      'civic-password': { type: 'string' },
      units: { type: 'string' },
      'positions-per-second': { type: 'string' },
      'incident-every': { type: 'string' },
      'report-every': { type: 'string' },
      seconds: { type: 'string' },
      'crew-email': { type: 'string' },
      'crew-password': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const missing = ['url', 'command-email', 'command-password', 'civic-email', 'civic-password'].filter(
    (name) => !values[name as keyof typeof values],
  );
  if (missing.length) throw new Error(`Missing ${missing.map((name) => `--${name}`).join(', ')}.\n\n${USAGE}`);
  const baseUrl = values.url!.replace(/\/$/, '');
  const command = { email: values['command-email']!, password: values['command-password']! };
  const wanted = number(values.units, 0, 'units');

  if (wanted > 0) {
    const client = await ApiClient.signIn(baseUrl, command.email, command.password);
    const { units } = await client.request<{ units: Unit[] }>('GET', '/units');
    const existing = new Set(units.map((unit) => unit.callsign));
    for (let index = 1; index <= wanted; index += 1) {
      const callsign = `${SCENARIO_PREFIX}SIM-${index}`;
      if (!existing.has(callsign)) await client.request('POST', '/units', { callsign, kind: 'patrol', members: [] });
    }
  }

  const count = Math.max(wanted, 1);
  const rate = number(values['positions-per-second'], count / 2, 'positions-per-second');
  const scenario = await Scenario.start(
    {
      baseUrl,
      command,
      civic: { email: values['civic-email']!, password: values['civic-password']! },
      ...(values['crew-email'] && values['crew-password']
        ? { crew: { email: values['crew-email'], password: values['crew-password'] } }
        : {}),
      tickMs: Math.max(10, Math.round((count / rate) * 1000)),
      incidentEveryMs: number(values['incident-every'], 45, 'incident-every') * 1000,
      reportEveryMs: number(values['report-every'], 30, 'report-every') * 1000,
      onSceneSeconds: 90,
      log: (line) => console.warn(line),
    },
    SCENARIO_PREFIX,
  );
  const report = () => console.log(JSON.stringify(scenario.stats));
  const stop = async () => {
    await scenario.stop();
    report();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  if (values.seconds) setTimeout(() => void stop(), number(values.seconds, 0, 'seconds') * 1000);
  else setInterval(report, 10_000).unref();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
