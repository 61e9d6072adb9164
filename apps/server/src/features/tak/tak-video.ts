import { CreateCameraRequest } from '@argus/contracts/http/cameras';
import { mayManageCameras } from '@argus/contracts/policies/cameras';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CamerasService } from '../cameras/cameras.service';
import type { MfaPolicy } from '../mfa/mfa-policy';
import type { CotItem } from './cot-items-reading';
import type { DeviceIdentity } from './tak-certificates.service';
import { administrativeRefusal } from './tak-device-assurance';
import type { TakItemsRepository } from './tak-items.repository';
import type { TakService } from './tak.service';

type Video = Extract<CotItem, { kind: 'video' }>;
type Removal = Extract<CotItem, { kind: 'removal' }>;

/** What became of a video feed or its deletion, for the endpoint's log. */
export type VideoLanding = { landed: true; cameraId: string } | { landed: false; reason: string };

/**
 * Video feeds TAK devices announce (`b-i-v` with `__video`) as cameras in the surveillance registry,
 * with the URL the feed plays from (docs/decisions/0068-tak-items-from-devices.md). The registry is
 * command's to manage (the cameras policy, mayManageCameras), so only a device whose user holds a
 * command role adds one; the cameras service checks the rest as it does for the form.
 */
export class TakVideo {
  constructor(
    private readonly items: TakItemsRepository,
    private readonly tak: TakService,
    private readonly cameras: CamerasService,
    private readonly clock: Clock,
    private readonly mfa: MfaPolicy,
  ) {}

  async video(video: Video, device: DeviceIdentity | null): Promise<VideoLanding> {
    if (!video.url || !video.location) return { landed: false, reason: video.problem ?? 'no feed' };
    if (!device && !video.authorUid) return { landed: false, reason: 'the event does not say which device announced the feed' };
    const bound = await this.tak.boundActor(video.authorUid ?? '', device);
    if ('reason' in bound) return { landed: false, reason: bound.reason };
    if (!mayManageCameras(bound.actor.role))
      return { landed: false, reason: `${bound.actor.email} may not register cameras (${bound.actor.role})` };
    const refused = administrativeRefusal(this.mfa, bound.actor, device);
    if (refused) return { landed: false, reason: refused };
    const request = CreateCameraRequest.safeParse({
      name: (video.name || `TAK video ${video.uid}`).slice(0, 80),
      kind: 'camera',
      location: video.location,
      heading: video.heading !== null && video.heading >= 0 && video.heading <= 360 ? video.heading : null,
      fov: video.fov !== null && video.fov >= 1 && video.fov <= 360 ? video.fov : null,
      rangeM: video.rangeM !== null && video.rangeM >= 1 && video.rangeM <= 20_000 ? video.rangeM : null,
      streamUrl: video.url,
      notes: `Announced by a TAK device (CoT b-i-v, uid ${video.uid}).`,
    });
    if (!request.success) return { landed: false, reason: request.error.issues[0]?.message ?? 'not a camera' };
    const kept = await this.items.find(video.uid);
    try {
      const { name, location, heading, fov, rangeM, streamUrl } = request.data;
      const cameraId = kept?.camera_id
        ? (await this.cameras.update(kept.camera_id, { name, location, heading, fov, rangeM, streamUrl, active: true })).id
        : (await this.cameras.create(request.data)).id;
      await this.items.save({
        uid: video.uid,
        kind: 'video',
        zone_id: null,
        camera_id: cameraId,
        last_event: video.xml,
        updated_at: this.clock.now(),
      });
      return { landed: true, cameraId };
    } catch (error) {
      // The registry's refusal (a name another camera has) is about this feed alone.
      if (error instanceof AppError) return { landed: false, reason: error.message };
      throw error;
    }
  }

  /** TAK's delete task for a kept feed: its camera is deactivated; null when the uid is not a feed Argus keeps. */
  async removal(deletion: Removal, device: DeviceIdentity | null): Promise<VideoLanding | null> {
    const kept = await this.items.find(deletion.targetUid);
    if (!kept?.camera_id) return null;
    if (!device && !deletion.senderUid) return { landed: false, reason: 'the event does not say which device deleted the feed' };
    const bound = await this.tak.boundActor(deletion.senderUid ?? '', device);
    if ('reason' in bound) return { landed: false, reason: bound.reason };
    if (!mayManageCameras(bound.actor.role))
      return { landed: false, reason: `${bound.actor.email} may not change cameras (${bound.actor.role})` };
    const refusedChange = administrativeRefusal(this.mfa, bound.actor, device);
    if (refusedChange) return { landed: false, reason: refusedChange };
    await this.cameras.update(kept.camera_id, { active: false });
    await this.items.remove(kept.uid);
    return { landed: true, cameraId: kept.camera_id };
  }
}
