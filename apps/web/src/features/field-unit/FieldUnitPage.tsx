import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Location } from '@argus/contracts/http/incidents';
import type { Assignment, Unit } from '@argus/contracts/http/units';
import { describeError } from '../../lib/api-error';
import { useRealtime, useRealtimeStatus } from '../../lib/realtime';
import { useOutbox } from '../../lib/outbox/useOutbox';
import { useWatchedPosition, type DevicePosition } from '../../lib/geo/device-position';
import { pollInterval } from '../../lib/poll-interval';
import { LoadingScreen } from '../../components/LoadingScreen';
import { ConnectionBanner } from '../../components/outbox/ConnectionBanner';
import { OutboxList } from '../../components/outbox/OutboxList';
import { useAuth } from '../auth/auth-context';
import { useReportDeliveredUpdates } from '../reports/reports.mutations';
import { EmergencyBanner } from './EmergencyBanner';
import { useDeliveredUpdates, useFieldActions } from './field-unit.mutations';
import { applyFieldFrame, fieldChannels, fieldCue } from './field-unit.live';
import { ringFor } from '../attention/ring';
import { usePushSubscription } from '../attention/usePushSubscription';
import { fieldUnitKeys, fieldUnitQueries } from './field-unit.queries';
import { hasPendingSos, pendingDispatchStatuses, pendingUnitStatus } from './pending-actions';
import { SharingStrip } from './SharingStrip';
import { SosButton } from './SosButton';
import { UnitPanel } from './UnitPanel';
import { isOnDuty, usePositionSharing, useSharePreference } from './usePositionSharing';
import { useFieldDeviceCache } from './field-device-cache';
import { markFirstScreenReady } from '../../lib/pwa/register-after-first-screen';

type LaterPanels = typeof import('./later-panels');

/** One of the panels below the status buttons: all come in one chunk, fetched when the screen first renders. */
function laterPanel<Props extends object>(pick: (panels: LaterPanels) => ComponentType<Props>) {
  const Lazy = lazy(async () => ({ default: pick(await import('./later-panels')) }));
  // Each panel appears once the chunk is in; the buttons above are usable meanwhile.
  return function LaterPanel(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const AssignmentPanel = laterPanel((panels) => panels.AssignmentPanel);
const PositionPanel = laterPanel((panels) => panels.PositionPanel);
const GoLivePanel = laterPanel((panels) => panels.GoLivePanel);
const FieldMapPanel = laterPanel((panels) => panels.FieldMapPanel);
const ReportForm = laterPanel((panels) => panels.ReportForm);
const MessageThread = laterPanel((panels) => panels.MessageThread);
const FieldAttentionSettings = laterPanel((panels) => panels.FieldAttentionSettings);

/** /fieldunit and /field-unit (the same screen), and every path of the field unit site. */
export function FieldUnitPage() {
  const { user } = useAuth();
  // The route guard renders this page only for a signed-in user.
  if (!user) return null;
  return <FieldUnitDashboard userId={user.id} />;
}

/** The page waits for what the phone kept (field-device-cache.ts) so it opens with it, signal or not. */
function FieldUnitDashboard({ userId }: { userId: string }) {
  const restored = useFieldDeviceCache(userId);
  if (!restored) return <LoadingScreen variant="minimal" message="Loading your unit..." />;
  return <FieldUnitScreen userId={userId} />;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Portrait, one thumb: the unit first, then the assignment, position, report, messages and outbox; SOS always at the bottom. */
function FieldUnitScreen({ userId }: { userId: string }) {
  usePushSubscription();
  const outbox = useOutbox(userId);
  const actions = useFieldActions(outbox);
  useDeliveredUpdates();
  useReportDeliveredUpdates();
  const live = useRealtimeStatus() === 'open';
  const units = useQuery({ ...fieldUnitQueries.units(), refetchInterval: pollInterval(live) });
  const assignments = useQuery({ ...fieldUnitQueries.assignments(), refetchInterval: pollInterval(live) });
  // Filled by the live feed only (field-unit.live.ts): never fetched, so it has no query function.
  const recalled = useQuery<Assignment | null>({
    queryKey: fieldUnitKeys.recalled,
    queryFn: () => null,
    enabled: false,
    initialData: null,
  });
  const [chosenUnitId, setChosenUnitId] = useState<string | null>(null);
  const unit: Unit | undefined = units.data?.find((candidate) => candidate.id === chosenUnitId) ?? units.data?.[0];
  const queryClient = useQueryClient();
  useRealtime(fieldChannels(userId, unit?.id ?? null), (frame) => {
    const cue = fieldCue(queryClient, frame, userId);
    applyFieldFrame(queryClient, frame);
    if (cue) ringFor(cue);
  });

  const position = useWatchedPosition(true);
  const [sharing, setSharing] = useSharePreference();
  const onDuty = unit ? isOnDuty(unit.status) : false;
  const lastQueuedAt = usePositionSharing(unit?.id ?? null, sharing && onDuty, position, actions.postPosition);
  const assignment = assignments.data?.find((candidate) => candidate.unitId === unit?.id);
  const here = position.status === 'fix' ? position.location : (unit?.position?.location ?? null);
  const sosWaiting = unit ? hasPendingSos(outbox.items, unit.id) : false;

  const shown = !units.isPending || units.fetchStatus === 'paused';
  useEffect(() => {
    if (shown) markFirstScreenReady();
  }, [shown]);

  // With no signal and nothing yet known the page still opens: its map draws the areas saved on the phone.
  if (units.isPending && units.fetchStatus !== 'paused') return <LoadingScreen variant="minimal" message="Loading your unit..." />;

  return (
    <div className="mx-auto max-w-lg space-y-4 pb-32">
      <ConnectionBanner waiting={outbox.pending.length} refused={outbox.failed.length} />
      {unit ? <EmergencyBanner unit={unit} waiting={sosWaiting} /> : null}
      {unit ? (
        <SharingStrip
          sharing={sharing}
          onDuty={onDuty}
          located={position.status === 'waiting' || position.status === 'fix'}
          onSharingChange={setSharing}
        />
      ) : null}
      {units.isError && !units.data ? (
        <p role="alert" className="rounded-lg border border-danger p-3 text-danger">
          {`Your unit could not be loaded: ${describeError(units.error)}`}
        </p>
      ) : null}
      {units.data && units.data.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface-raised p-4 text-lg">
          You do not crew a unit yet, so there is no status to set or assignment to receive. Ask command to add you to a unit. You can still
          send reports and read broadcasts below.
        </p>
      ) : null}
      {units.data && units.data.length > 1 ? <UnitChooser units={units.data} value={unit?.id ?? ''} onChange={setChosenUnitId} /> : null}
      {unit ? (
        <>
          <UnitPanel
            unit={unit}
            pendingStatus={pendingUnitStatus(outbox.items, unit.id, assignment?.id ?? null)}
            dataUpdatedAt={units.dataUpdatedAt}
            onSetStatus={(status) => void actions.setUnitStatus(unit.id, status)}
          />
          <AssignmentPanel
            assignment={assignment}
            recalled={recalled.data?.unitId === unit.id ? recalled.data : undefined}
            here={here}
            pendingStatuses={assignment ? pendingDispatchStatuses(outbox.items, assignment.id) : []}
            onSetStatus={(status) => assignment && void actions.setAssignmentStatus(assignment.id, status)}
            loading={assignments.isPending}
            dataUpdatedAt={assignments.dataUpdatedAt}
            error={assignments.isError && !assignments.data ? describeError(assignments.error) : null}
          />
        </>
      ) : null}
      <FieldMapPanel assignment={assignment} here={here} hereFromDevice={position.status === 'fix'} unitId={unit?.id ?? null} />
      <PositionPanel
        position={position}
        sharing={sharing}
        onSharingChange={setSharing}
        lastQueuedAt={lastQueuedAt}
        disabled={!unit}
        onDuty={onDuty}
      />
      {unit ? <GoLivePanel unit={unit} position={position} /> : null}
      <Panel title="Quick report">
        <ReportForm
          kind="field"
          enqueue={outbox.enqueue}
          outboxItems={outbox.items}
          deviceLocation={deviceLocation(position)}
          capturePhotos
        />
      </Panel>
      <Panel title="Messages">
        <MessageThread
          conversation={unit ? { channel: 'unit', targetId: unit.id, title: 'command' } : null}
          includeBroadcasts
          pollMs={pollInterval(live)}
          userId={userId}
          outbox={outbox}
        />
      </Panel>
      <FieldAttentionSettings title="Ring, vibrate and notify" framed />
      <OutboxList outbox={outbox} />
      {unit ? <SosBar unit={unit} position={position} active={sosWaiting || unit.emergency !== null} onRaise={actions.raiseSos} /> : null}
    </div>
  );
}

function deviceLocation(position: DevicePosition) {
  return position.status === 'fix' ? { location: position.location, source: 'device' as const } : null;
}

function UnitChooser({ units, value, onChange }: { units: Unit[]; value: string; onChange: (id: string) => void }) {
  return (
    <label className="flex flex-col gap-1 font-medium">
      My unit
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-12 rounded-md border border-line bg-surface-sunken px-3 text-ink"
      >
        {units.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.callsign}
          </option>
        ))}
      </select>
    </label>
  );
}

interface SosBarProps {
  unit: Unit;
  position: DevicePosition;
  active: boolean;
  onRaise: (unitId: string, location: Location | undefined) => Promise<unknown>;
}

/** Fixed at the bottom, where a thumb reaches without looking; beside the navigation, not over it (AppShell's --sidebar-width). */
function SosBar({ unit, position, active, onRaise }: SosBarProps) {
  return (
    <div className="fixed right-0 bottom-0 left-0 z-30 lg:left-(--sidebar-width) border-t border-line bg-surface/95 px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] backdrop-blur">
      <div className="mx-auto max-w-lg">
        <SosButton active={active} onRaise={() => void onRaise(unit.id, position.status === 'fix' ? position.location : undefined)} />
      </div>
    </div>
  );
}
