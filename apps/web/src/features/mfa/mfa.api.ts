import { z } from 'zod';
import {
  ChallengeResponse,
  EnrolFactorResponse,
  TOKEN_API_PREFIX,
  TokenUserFactors,
  type TokenFactor,
} from '@argus/contracts/http/token-api';
import { api } from '../../lib/api';

const Removed = z.object({ id: z.string() });
const RecoveryCodes = z.object({ codes: z.array(z.string()) });
/** The cookie session's verify answer names the user and carries no token: the session itself reached aal2. */
const Verified = z.object({ user: z.object({ id: z.string() }) });

/** Second factors through the token API, with the cookie session and its CSRF header. */
export const mfaApi = {
  factors: async (signal?: AbortSignal): Promise<TokenFactor[]> =>
    (await api.get(`${TOKEN_API_PREFIX}/user`, TokenUserFactors, { signal })).factors ?? [],
  enrol: (friendlyName: string) =>
    api.post(`${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp', friendly_name: friendlyName || undefined }, EnrolFactorResponse),
  /** A challenge, then its answer: the session reaches aal2 when the code is right. */
  verify: async (factorId: string, code: string) => {
    const challenge = await api.post(`${TOKEN_API_PREFIX}/factors/${encodeURIComponent(factorId)}/challenge`, {}, ChallengeResponse);
    await api.post(`${TOKEN_API_PREFIX}/factors/${encodeURIComponent(factorId)}/verify`, { challenge_id: challenge.id, code }, Verified);
  },
  recoveryCodes: async () => (await api.post(`${TOKEN_API_PREFIX}/factors/recovery-codes`, {}, RecoveryCodes)).codes,
  remove: (factorId: string) => api.delete(`${TOKEN_API_PREFIX}/factors/${encodeURIComponent(factorId)}`, Removed),
};
