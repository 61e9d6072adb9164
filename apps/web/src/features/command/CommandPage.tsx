import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Alert } from '@argus/contracts/http/alerts';
import type { Incident } from '@argus/contracts/http/incidents';
import type { TakContact } from '@argus/contracts/http/tak';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { mayReadTakContacts } from '@argus/contracts/policies/tak';
import type { Unit } from '@argus/contracts/http/units';
import type { MapPick } from '../../lib/map/overlay';
import { unitLocation } from '../../lib/map/overlays/units';
import { useEscapeStopsPicking } from '../../lib/map/useEscapeStopsPicking';
import { useMapFocus } from '../../lib/map/useMapFocus';
import { useNow } from '../../lib/useNow';
import { alertQueries } from '../alerts/alerts.queries';
import { AlertFeed } from '../alerts/AlertFeed';
import { AlertBanner } from '../alerts/AlertBanner';
import { CreateIncidentForm, EMPTY_DRAFT, draftPoint, type DraftLocation } from '../incidents/CreateIncidentForm';
import { IncidentDetail } from '../incidents/IncidentDetail';
import { IncidentReport } from '../incidents/IncidentReport';
import { IncidentQueue } from '../incidents/IncidentQueue';
import { ALL_INCIDENTS, filterQueue, sortQueue, type QueueFilter } from '../incidents/incident-queue';
import { COMMAND_SHORTCUTS, stepThroughQueue, type CommandAction } from './command-shortcuts';
import { ShortcutsDialog } from './ShortcutsDialog';
import { focusSoon, useCommandShortcuts } from './useCommandShortcuts';
import { incidentQueries } from '../incidents/incidents.queries';
import { isDispatchable } from '../dispatch/dispatch-ranking';
import { awaitingTriageQuery } from '../reports/reports.queries';
import { UnitRoster } from '../units/UnitRoster';
import { unitQueries } from '../units/units.queries';
import { CommandInbox } from '../messages/CommandInbox';
import { useCommandInbox } from '../messages/useCommandInbox';
import { BroadcastPanel } from './BroadcastPanel';
import { CommandMap } from './CommandMap';
import { LoadProblems, Loaded } from './LoadProblems';
import { MapSelection } from './MapSelection';
import type { MapLibreMap } from '../../lib/map/maplibre';
import { selectionFor, type MapPicked } from './map-selection';
import { PanelTabs } from './PanelTabs';
import { SosBanner } from './SosBanner';
import { useCommandLive } from './useCommandLive';
import { useIncidentReportParam } from './useIncidentReportParam';
import { LiveStatus } from './LiveStatus';
import { VideoWall } from './VideoWall';
import { useAuth } from '../auth/auth-context';
import { takContactQueries, takPointQueries } from '../tak/tak.queries';

type Tab = 'incidents' | 'units' | 'alerts' | 'messages' | 'video' | 'broadcast';
type IncidentView = { mode: 'queue' } | { mode: 'create' } | { mode: 'detail'; id: string };

const NO_UNITS: Unit[] = [];
const NO_TAK_CONTACTS: TakContact[] = [];
const NO_TAK_POINTS: TakPoint[] = [];
const RESTING_SHORTCUTS = Object.fromEntries(COMMAND_SHORTCUTS.map(({ action }) => [action, () => undefined])) as Record<
  CommandAction,
  () => void
>;

/**
 * /command: the common operational picture (docs/decisions/0011-what-each-page-does.md) — map, queue, roster, alerts, dispatch,
 * broadcast; with ?incident-report=<id>, one incident's printable report over the dashboard, which stays
 * mounted and live beneath it (docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md).
 */
export function CommandPage() {
  const { reportId, openReport, closeReport } = useIncidentReportParam();
  const now = useNow(15_000);
  const units = useQuery(unitQueries.list());
  const incidents = useQuery(incidentQueries.open());
  const alerts = useQuery(alertQueries.active());
  const reports = useQuery(awaitingTriageQuery());
  // TAK devices heard on the CoT endpoint, for those who may see them (docs/decisions/0061-tak-cot-endpoint-first-slice.md).
  const readsTak = mayReadTakContacts(useAuth().user?.role);
  const takContacts = useQuery({ ...takContactQueries.list(), enabled: readsTak });
  // And the points those devices placed, seen by the same readers (docs/decisions/0072-tak-map-points.md).
  const takPoints = useQuery({ ...takPointQueries.list(), enabled: readsTak });

  const [tab, setTab] = useState<Tab>('incidents');
  const [view, setView] = useState<IncidentView>({ mode: 'queue' });
  const [draft, setDraft] = useState<DraftLocation>(EMPTY_DRAFT);
  const [picking, setPicking] = useState(false);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [drawingBox, setDrawingBox] = useState(false);
  const [dispatchSelection, setDispatchSelection] = useState<Set<string>>(() => new Set());
  const [picked, setPicked] = useState<MapPicked>(null);
  const [queueFilter, setQueueFilter] = useState<QueueFilter>(ALL_INCIDENTS);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const { focus, focusOn } = useMapFocus(13);

  useCommandLive(view.mode === 'detail' ? view.id : null);
  const inbox = useCommandInbox();

  useEscapeStopsPicking(picking, setPicking);

  const unitList = units.data ?? NO_UNITS;
  const openIncidents = useMemo(() => incidents.data?.incidents ?? [], [incidents.data]);
  const alertList = useMemo(() => alerts.data?.alerts ?? [], [alerts.data]);
  const reportList = useMemo(() => reports.data?.reports ?? [], [reports.data]);
  const takContactList = takContacts.data ?? NO_TAK_CONTACTS;
  const takPointList = takPoints.data ?? NO_TAK_POINTS;
  const draftLocation = useMemo(() => (view.mode === 'create' ? draftPoint(draft) : null), [view.mode, draft]);
  const selectedIncidentId = view.mode === 'detail' ? view.id : null;

  const openIncident = (incident: Incident) => {
    setView({ mode: 'detail', id: incident.id });
    setTab('incidents');
    setDispatchSelection(new Set());
    setPicking(false);
    focusOn(incident.location);
  };

  const stepQueue = (direction: 1 | -1) => {
    const queue = sortQueue(filterQueue(openIncidents, queueFilter));
    const id = stepThroughQueue(
      queue.map((incident) => incident.id),
      selectedIncidentId,
      direction,
    );
    const incident = queue.find((item) => item.id === id);
    if (incident) openIncident(incident);
  };

  const shortcuts: Record<CommandAction, () => void> = {
    'new-incident': () => {
      setDraft(EMPTY_DRAFT);
      setView({ mode: 'create' });
      setTab('incidents');
      focusSoon('section[aria-label="Operations"] input');
    },
    'next-incident': () => stepQueue(1),
    'previous-incident': () => stepQueue(-1),
    dispatch: () => {
      setTab('incidents');
      focusSoon('section[aria-labelledby="dispatch-heading"] input[type="checkbox"]:not(:disabled)');
    },
    acknowledge: () => {
      setTab('alerts');
      focusSoon('section[aria-label="Operations"] button[aria-label^="Acknowledge "]');
    },
    search: () => {
      // As a click on its summary would: the Go to box keeps its open state itself.
      // The map's own corner controls hold a details element too (the attribution); Go to is beside the map.
      const goTo = document.querySelector<HTMLDetailsElement>('[data-operational-map] ~ details');
      if (goTo && !goTo.open) goTo.querySelector('summary')?.click();
      focusSoon('[data-operational-map] ~ details input');
    },
    help: () => setShortcutsOpen((open) => !open),
  };
  // The dashboard stays mounted under a report (its live updates, sounds and state carry on), but its keys rest.
  useCommandShortcuts(reportId ? RESTING_SHORTCUTS : shortcuts);

  const showUnit = (unit: Unit) => {
    setPicked({ overlayId: unit.emergency ? 'emergencies' : 'units', id: unit.id });
    focusOn(unitLocation(unit), 14);
  };

  const showAlert = (alert: Alert) => {
    setPicked({ overlayId: 'alerts', id: alert.id });
    focusOn(alert.location);
  };

  const handlePick = ({ location, feature }: MapPick) => {
    // A box being drawn for a unit's phone takes the map's clicks.
    if (drawingBox) return;
    if (picking) {
      setDraft({ lat: location.lat.toFixed(6), lon: location.lon.toFixed(6) });
      setPicking(false);
      return;
    }
    if (!feature) {
      setPicked(null);
      return;
    }
    if (feature.overlayId === 'incidents') {
      const incident = openIncidents.find((item) => item.id === feature.id);
      if (incident) openIncident(incident);
      return;
    }
    const unit = unitList.find((item) => item.id === feature.id);
    // While dispatching, a tap on an available unit adds it to (or takes it from) the assignment.
    if (unit && view.mode === 'detail' && feature.overlayId === 'units' && isDispatchable(unit)) {
      const next = new Set(dispatchSelection);
      if (next.has(unit.id)) next.delete(unit.id);
      else next.add(unit.id);
      setDispatchSelection(next);
    }
    setPicked({ overlayId: feature.overlayId, id: feature.id });
  };

  const selection = useMemo(
    () =>
      selectionFor(picked, {
        units: unitList,
        reports: reportList,
        alerts: alertList,
        takContacts: takContactList,
        takPoints: takPointList,
      }),
    [picked, unitList, reportList, alertList, takContactList, takPointList],
  );

  const highlighted = useMemo(() => {
    if (selection?.kind !== 'unit') return dispatchSelection;
    return new Set([...dispatchSelection, selection.unit.id]);
  }, [dispatchSelection, selection]);

  const newAlerts = alertList.filter((alert) => alert.status === 'new').length;
  const tabs = [
    { id: 'incidents' as const, label: 'Incidents', badge: incidents.data ? String(openIncidents.length) : undefined },
    { id: 'units' as const, label: 'Units', badge: units.data ? String(unitList.length) : undefined },
    { id: 'alerts' as const, label: 'Alerts', badge: newAlerts ? String(newAlerts) : undefined, urgent: newAlerts > 0 },
    {
      id: 'messages' as const,
      label: 'Messages',
      badge: inbox.unread ? String(inbox.unread) : undefined,
      urgent: inbox.unread > 0,
      highlighted: inbox.highlighted,
    },
    { id: 'video' as const, label: 'Video' },
    { id: 'broadcast' as const, label: 'Broadcast' },
  ];

  return (
    <div>
      {/* An SOS or a new alert still calls for attention while a report is open; printed, the report stands alone. */}
      <div className={reportId ? 'no-print' : undefined}>
        <SosBanner
          units={unitList}
          now={now}
          onShowOnMap={(unit) => {
            if (reportId) closeReport();
            showUnit(unit);
          }}
        />
        <AlertBanner
          alerts={alerts.data?.alerts}
          onShow={(alert) => {
            if (reportId) closeReport();
            setTab('alerts');
            showAlert(alert);
          }}
        />
      </div>
      {reportId ? <IncidentReport incidentId={reportId} now={now} onClose={closeReport} /> : null}
      <div hidden={reportId !== null} className="flex flex-col gap-3 lg:h-[calc(100dvh-9rem)] lg:min-h-[34rem] lg:flex-row">
        <div className="relative h-[55dvh] min-h-72 overflow-hidden rounded-lg border border-line lg:h-auto lg:min-w-0 lg:flex-1">
          <CommandMap
            units={unitList}
            incidents={openIncidents}
            reports={reportList}
            alerts={alertList}
            takContacts={takContactList}
            takPoints={takPointList}
            now={now}
            selectedIncidentId={selectedIncidentId}
            highlightedUnitIds={highlighted}
            draftPoint={draftLocation}
            picking={picking}
            focus={focus}
            onPick={handlePick}
            onMapReady={setMap}
            className="absolute inset-0"
          />
          {selection ? (
            <MapSelection target={selection} now={now} onClose={() => setPicked(null)} map={map} onDrawingChange={setDrawingBox} />
          ) : null}
          {picking ? (
            <p
              role="status"
              className="absolute inset-x-2 top-14 z-10 rounded-md border border-gold bg-surface/95 p-2 text-center text-sm sm:left-1/2 sm:right-auto sm:-translate-x-1/2"
            >
              Click or tap the map where the incident is (Escape to stop).
            </p>
          ) : null}
        </div>
        <section
          aria-label="Operations"
          className="flex min-h-80 flex-col rounded-lg border border-line bg-surface-sunken lg:min-h-0 lg:w-[25rem] xl:w-[28rem]"
        >
          <div className="flex items-center justify-between border-b border-line">
            <LiveStatus />
            {/* Phones seldom have a keyboard; on a desk the overlay is one key (?) or this button away. */}
            <button
              type="button"
              onClick={() => setShortcutsOpen(true)}
              className="mr-2 hidden text-xs text-ink-muted underline hover:text-gold lg:block"
            >
              Keyboard shortcuts (?)
            </button>
          </div>
          <LoadProblems
            problems={[
              ['units', units.error],
              ['open incidents', incidents.error],
              ['alerts', alerts.error],
              ['reports awaiting triage', reports.error],
            ]}
          />
          <PanelTabs label="Operations panels" tabs={tabs} active={tab} onChange={setTab}>
            {tab === 'incidents' && view.mode === 'queue' ? (
              <Loaded what="open incidents" hasData={Boolean(incidents.data)} error={incidents.error}>
                <IncidentQueue
                  incidents={openIncidents}
                  truncated={Boolean(incidents.data?.nextCursor)}
                  now={now}
                  selectedId={selectedIncidentId}
                  onSelect={openIncident}
                  filter={queueFilter}
                  onFilterChange={setQueueFilter}
                  onCreate={() => {
                    setDraft(EMPTY_DRAFT);
                    setView({ mode: 'create' });
                  }}
                />
              </Loaded>
            ) : null}
            {tab === 'incidents' && view.mode === 'create' ? (
              <CreateIncidentForm
                location={draft}
                onLocationChange={setDraft}
                picking={picking}
                onPickingChange={setPicking}
                onCreated={(incident) => {
                  setPicking(false);
                  openIncident(incident);
                }}
                onCancel={() => {
                  setPicking(false);
                  setView({ mode: 'queue' });
                }}
              />
            ) : null}
            {tab === 'incidents' && view.mode === 'detail' ? (
              <IncidentDetail
                incidentId={view.id}
                fallback={openIncidents.find((incident) => incident.id === view.id)}
                units={unitList}
                now={now}
                dispatchSelection={dispatchSelection}
                onDispatchSelectionChange={setDispatchSelection}
                onBack={() => {
                  setView({ mode: 'queue' });
                  setDispatchSelection(new Set());
                }}
                onShowOnMap={(incident) => focusOn(incident.location)}
                onPrintReport={(incident) => openReport(incident.id)}
                onShowPlaceOnMap={(location) => focusOn(location, 16)}
              />
            ) : null}
            {tab === 'units' ? (
              <Loaded what="units" hasData={Boolean(units.data)} error={units.error}>
                <UnitRoster units={unitList} now={now} onShowOnMap={showUnit} />
              </Loaded>
            ) : null}
            {tab === 'alerts' ? (
              <Loaded what="alerts" hasData={Boolean(alerts.data)} error={alerts.error}>
                <AlertFeed alerts={alertList} now={now} onShowOnMap={showAlert} />
              </Loaded>
            ) : null}
            {tab === 'messages' ? <CommandInbox now={now} units={unitList} /> : null}
            {tab === 'video' ? <VideoWall /> : null}
            {tab === 'broadcast' ? <BroadcastPanel now={now} /> : null}
          </PanelTabs>
        </section>
      </div>
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </div>
  );
}
