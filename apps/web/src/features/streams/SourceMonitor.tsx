import { useEffect, useState } from 'react';
import { VideoView } from '../video/VideoView';

/**
 * Shows what another video element shows (a multiview tile) without a second SFU connection:
 * the same MediaStream in a bigger element. It follows the tile when it reconnects.
 */
export function SourceMonitor({ video, label }: { video: HTMLVideoElement | null; label: string }) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  useEffect(() => {
    const follow = () => setStream(video?.srcObject instanceof MediaStream ? video.srcObject : null);
    follow();
    if (!video) return undefined;
    // srcObject changes raise no event, so look again shortly after each change of playback.
    const timer = setInterval(follow, 500);
    return () => clearInterval(timer);
  }, [video]);
  return <VideoView stream={stream} className="aspect-video w-full rounded-md" aria-label={label} />;
}
