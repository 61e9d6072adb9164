import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@argus/contracts/catalogue';

// index.html cannot import the catalogue, so it spells the loading text out; this keeps the two equal.
describe('the loading screen in index.html', () => {
  it('says what the app’s own loading screen says', () => {
    const html = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`<p>${TEXT.loading.defaultMessage}</p>`);
  });
});
