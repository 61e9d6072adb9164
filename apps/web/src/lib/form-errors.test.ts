import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './form-errors';

const Form = z.object({
  email: z.email('Enter a valid email address.'),
  name: z
    .string()
    .min(2, 'Enter a name.')
    .regex(/^[a-z]+$/, 'Letters only.'),
  other: z.string(),
});

describe('fieldErrors', () => {
  it('keeps the first message of each listed field and ignores the others', () => {
    const parsed = Form.safeParse({ email: 'nope', name: '1', other: 1 });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error, ['email', 'name'])).toEqual({ email: 'Enter a valid email address.', name: 'Enter a name.' });
  });
});
