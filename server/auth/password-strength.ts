import { zxcvbnAsync, zxcvbnOptions } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { AppError } from '../http/errors.js';

/**
 * zxcvbn's estimate of guesses, over the common-password and English dictionaries. Score 3 means about 10^8
 * guesses or more, "safely unguessable" for an online attacker held back by our rate limits; below it the
 * password is among the first an attacker tries.
 */
const MINIMUM_SCORE = 3;

zxcvbnOptions.setOptions({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
});

/**
 * Refuses a password an attacker would guess early: a common one, or one built from the account's own
 * e-mail address or name. The reason is a code the web app shows in the user's language.
 */
export async function checkPasswordStrength(password: string, personal: { email: string; name?: string | null }, field = 'password'): Promise<void> {
  const emailParts = personal.email.toLowerCase().split(/[@.+_-]+/).filter((part) => part.length >= 3);
  const nameParts = (personal.name ?? '').toLowerCase().split(/\s+/).filter((part) => part.length >= 3);
  const result = await zxcvbnAsync(password, [personal.email.toLowerCase(), ...emailParts, ...nameParts]);
  if (result.score >= MINIMUM_SCORE) return;
  const personalMatch = result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs');
  const code = personalMatch ? 'password_personal' : 'password_common';
  const detail = personalMatch
    ? 'The password must not be built from your e-mail address or name.'
    : 'This password is too easy to guess: avoid common words, names, dates and keyboard patterns.';
  throw new AppError(code, detail, { fields: { [field]: [detail] } });
}
