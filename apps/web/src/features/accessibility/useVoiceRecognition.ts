import { useEffect, useEffectEvent } from 'react';
import { FATAL_RECOGNITION_ERRORS, getSpeechRecognition } from './speech-recognition';

export interface VoiceRecognitionHandlers {
  onPhrase: (phrase: string) => void;
  /** Listening stopped for good (microphone refused, no audio device). */
  onUnavailable: (reason: string) => void;
}

const RESTART_DELAY = { initialMs: 500, maxMs: 30_000 } as const;

/**
 * Listens continuously while enabled. Browsers end a recognition session after some silence,
 * so it restarts itself until turned off or refused; after transient errors (no network for
 * the recogniser) it waits longer each time instead of spinning.
 */
export function useVoiceRecognition(enabled: boolean, handlers: VoiceRecognitionHandlers): void {
  const onPhrase = useEffectEvent(handlers.onPhrase);
  const onUnavailable = useEffectEvent(handlers.onUnavailable);

  useEffect(() => {
    const Recognition = getSpeechRecognition();
    if (!enabled || !Recognition) return;
    const recognition = new Recognition();
    recognition.continuous = true;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.lang = navigator.language || 'en-US';
    let stopped = false;
    let restartDelay = 0;
    let restartTimer: ReturnType<typeof setTimeout> | undefined;

    recognition.onresult = (event) => {
      restartDelay = 0;
      for (let index = event.resultIndex; index < event.results.length; index++) {
        const result = event.results[index];
        const transcript = result?.[0]?.transcript;
        if (result?.isFinal && transcript) onPhrase(transcript);
      }
    };
    recognition.onerror = (event) => {
      if (FATAL_RECOGNITION_ERRORS.has(event.error)) {
        stopped = true;
        onUnavailable(event.error);
      } else if (event.error !== 'no-speech' && event.error !== 'aborted') {
        restartDelay = Math.min(Math.max(restartDelay * 2, RESTART_DELAY.initialMs), RESTART_DELAY.maxMs);
      }
    };
    recognition.onend = () => {
      if (stopped) return;
      restartTimer = setTimeout(() => {
        if (stopped) return;
        try {
          recognition.start();
        } catch {
          stopped = true;
        }
      }, restartDelay);
    };

    try {
      recognition.start();
    } catch (error) {
      stopped = true;
      onUnavailable(error instanceof Error ? error.message : 'start-failed');
    }
    return () => {
      stopped = true;
      clearTimeout(restartTimer);
      recognition.onend = null;
      recognition.abort();
    };
  }, [enabled]);
}
