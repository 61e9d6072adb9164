import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast-store';
import { useAuth } from '../auth/auth-context';
import { useAccessibility } from './accessibility-context';
import { announce } from './announcer';
import { useVoiceRecognition } from './useVoiceRecognition';
import { parseVoiceCommand, type ToggleSetting, type VoiceIntent } from './voice-intents';

const SETTING_LABELS: Record<ToggleSetting, string> = {
  highContrast: 'High contrast',
  reducedMotion: 'Reduced motion',
  keyboardNavigation: 'Keyboard navigation',
  voiceCommands: 'Voice commands',
};

/** Carries out spoken commands while the voice setting is on; renders nothing. */
export function VoiceCommands() {
  const { settings, update, setPanelOpen, voiceSupported } = useAccessibility();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();

  const perform = (intent: VoiceIntent) => {
    switch (intent.kind) {
      case 'navigate':
        void navigate(intent.path);
        return;
      case 'toggle': {
        const value = intent.value ?? !settings[intent.setting];
        update(intent.setting, value);
        announce(`${SETTING_LABELS[intent.setting]} ${value ? 'on' : 'off'}`);
        return;
      }
      case 'font-size':
        update('fontSize', intent.size);
        announce(`Font size ${intent.size}`);
        return;
      case 'sign-out':
        void signOut('user');
        return;
      case 'open-accessibility':
        setPanelOpen(true);
        return;
    }
  };

  useVoiceRecognition(voiceSupported && settings.voiceCommands, {
    onPhrase: (phrase) => {
      const intent = parseVoiceCommand(phrase, user?.role ?? null);
      if (intent) perform(intent);
      else announce(`Not a command: ${phrase}`);
    },
    onUnavailable: (reason) => {
      update('voiceCommands', false);
      const description =
        reason === 'not-allowed' || reason === 'service-not-allowed'
          ? 'Microphone access was refused, so voice commands are off.'
          : 'Speech recognition stopped working, so voice commands are off.';
      toast({ title: 'Voice commands unavailable', description, variant: 'destructive' });
    },
  });

  return null;
}
