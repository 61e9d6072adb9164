import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useOnline } from '../../lib/useOnline';
import { connectionState, type ConnectionState } from './connection-state';
import { platformQueries } from './platform.queries';

/** Combines the browser's online flag with the 30-second health poll. */
export function useConnectionState(): ConnectionState {
  const browserOnline = useOnline();
  const health = useQuery(platformQueries.health());
  const { refetch } = health;

  // Coming back online should not wait for the next 30-second poll.
  useEffect(() => {
    const handleOnline = () => void refetch();
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [refetch]);

  return connectionState({ browserOnline, health: health.data, healthFailed: health.isError });
}
