import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { PASSWORD_POLICY } from '@argus/contracts/constants';

zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/**
 * docs/decisions/0005-password-policy-enforced.md: the declared policy of
 * docs/specification.md, enforced. Returns what is wrong
 * in words a person can act on, or null when the password is acceptable.
 */
export function passwordProblem(password: string, context: string[] = []): string | null {
  if (password.length < PASSWORD_POLICY.minLength) {
    return `Password must be at least ${PASSWORD_POLICY.minLength} characters long.`;
  }
  const result = zxcvbn(password, context.filter(Boolean));
  if (result.score < PASSWORD_POLICY.minStrengthScore) {
    const hints = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
    return `Password is too easy to guess.${hints ? ` ${hints}` : ''}`;
  }
  return null;
}
