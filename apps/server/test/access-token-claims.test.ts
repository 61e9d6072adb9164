import { SignJWT, decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { SIGNING_ALGORITHM } from '../src/features/tokens/key-ring';
import { StreamTokens } from '../src/features/streams/stream-tokens';
import { TEST_DIALECTS } from './databases';
import { STRONG_PASSWORD, buildTestApp, createUser, type TestApp } from './support';

describe.each(TEST_DIALECTS)('access token claims on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const readUser = (token: string) =>
    t.app.inject({ method: 'GET', url: `${TOKEN_API_PREFIX}/user`, headers: { authorization: `Bearer ${token}` } });

  it('refuses a token without an expiry, even one signed by Argus’s own key', async () => {
    const user = await createUser(t.services);
    const grant = await t.app.inject({
      method: 'POST',
      url: `${TOKEN_API_PREFIX}/token?grant_type=password`,
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    const issued = grant.json().access_token as string;
    expect((await readUser(issued)).statusCode).toBe(200);

    // The same claims for the same live session, signed by the current key, but good forever.
    const { exp: _exp, ...claims } = decodeJwt(issued);
    const { kid, key } = await t.services.keys.signingKey();
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' }).sign(key);

    const refused = await readUser(forever);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'bad_jwt' });
  });

  it('refuses a stream token without an expiry in the same way', async () => {
    const tokens = new StreamTokens(t.services.keys, t.clock, 'http://localhost/stream');
    const { token } = await tokens.issue({
      sub: 'user-1',
      room: 'command-room',
      stream_role: 'view',
      user_role: 'Command_Admin',
      name: 'Casey',
    });
    await expect(tokens.verify(token)).resolves.toMatchObject({ room: 'command-room' });

    const { exp: _exp, ...claims } = decodeJwt(token);
    const { kid, key } = await t.services.keys.signingKey();
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' }).sign(key);
    await expect(tokens.verify(forever)).rejects.toMatchObject({ code: 'bad_stream_token' });
  });
});
