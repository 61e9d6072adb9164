import { useCallback, useEffect, useRef, type VideoHTMLAttributes } from 'react';
import { cn } from '../../lib/class-names';

export interface VideoViewProps extends Omit<VideoHTMLAttributes<HTMLVideoElement>, 'src'> {
  stream: MediaStream | null;
  /** Mirrors the picture, as people expect of their own front camera. */
  mirrored?: boolean;
  videoRef?: (element: HTMLVideoElement | null) => void;
}

/**
 * A video element showing a MediaStream. Muted and inline so browsers let it play without a tap;
 * sound is offered separately where it matters.
 */
export function VideoView({ stream, mirrored, className, videoRef, muted = true, ...props }: VideoViewProps) {
  const element = useRef<HTMLVideoElement | null>(null);
  // A stable ref callback: an inline one would report null and the element again on every render.
  const latestVideoRef = useRef(videoRef);
  latestVideoRef.current = videoRef;
  const setElement = useCallback((node: HTMLVideoElement | null) => {
    element.current = node;
    latestVideoRef.current?.(node);
  }, []);
  useEffect(() => {
    const video = element.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={setElement}
      autoPlay
      playsInline
      muted={muted}
      className={cn('bg-black object-contain', mirrored && '-scale-x-100', className)}
      {...props}
    />
  );
}
