/**
 * Whether a password a person chooses is good enough: 12 to 128 characters
 * (the contract's rule) and not common or guessable, as zxcvbn estimates it
 * with its common dictionary (the most used passwords, keyboard patterns,
 * dates, repeats), and the person's own names and handle. A score below 3
 * ("safely unguessable" starts at 3: about 10^8 guesses) is refused with
 * zxcvbn's own reason.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { newPasswordLimits } from '../../contract/passwords.ts';

export const MIN_SCORE = 3;

// zxcvbn answers its feedback as keys; these are the sentences a person reads (after zxcvbn-ts's English ones).
const translations = {
  warnings: {
    straightRow: 'Straight rows of keys on your keyboard are easy to guess.',
    keyPattern: 'Short keyboard patterns are easy to guess.',
    simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
    extendedRepeat: 'Repeated character patterns like "abcabcabc" are easy to guess.',
    sequences: 'Common character sequences like "abc" are easy to guess.',
    recentYears: 'Recent years are easy to guess.',
    dates: 'Dates are easy to guess.',
    topTen: 'This is a heavily used password.',
    topHundred: 'This is a frequently used password.',
    common: 'This is a commonly used password.',
    similarToCommon: 'This is similar to a commonly used password.',
    wordByItself: 'Single words are easy to guess.',
    namesByThemselves: 'Single names or surnames are easy to guess.',
    commonNames: 'Common names and surnames are easy to guess.',
    userInputs: 'There should not be any personal data, like your name or handle, in it.',
    pwned: 'This password was exposed by a data breach on the Internet.',
  },
  suggestions: {
    l33t: "Avoid predictable letter substitutions like '@' for 'a'.",
    reverseWords: 'Avoid reversed spellings of common words.',
    allUppercase: 'Capitalize some, but not all letters.',
    capitalization: 'Capitalize more than the first letter.',
    dates: 'Avoid dates and years that are associated with you.',
    recentYears: 'Avoid recent years.',
    associatedYears: 'Avoid years that are associated with you.',
    sequences: 'Avoid common character sequences.',
    repeated: 'Avoid repeated words and characters.',
    longerKeyboardPattern: 'Use longer keyboard patterns and change typing direction multiple times.',
    anotherWord: 'Add more words that are less common.',
    useWords: 'Use multiple words, but avoid common phrases.',
    noNeed: 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
    pwned: 'If you use this password elsewhere, you should change it.',
  },
  timeEstimation: {
    ltSecond: 'less than a second',
    second: '{base} second',
    seconds: '{base} seconds',
    minute: '{base} minute',
    minutes: '{base} minutes',
    hour: '{base} hour',
    hours: '{base} hours',
    day: '{base} day',
    days: '{base} days',
    month: '{base} month',
    months: '{base} months',
    year: '{base} year',
    years: '{base} years',
    centuries: 'centuries',
  },
};

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a moment to load, and most requests never need them. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs, translations });
  return estimator;
}

/** Why a password is refused (one or two sentences), or undefined when it is good enough. */
export function passwordWeakness(password: string, personal: readonly string[] = []): string | undefined {
  const { min, max } = newPasswordLimits;
  if ([...password].length < min) return `The password must be at least ${min} characters long.`;
  if (password.length > max) return `The password must be at most ${max} characters long.`;
  const inputs = personal.flatMap((value) => value.replace(/^@/, '').split(/[\s._-]+/)).filter((s) => s.length > 2);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_SCORE) return undefined;
  const reason = result.feedback.warning ?? 'This password would be easy to guess.';
  const suggestion = result.feedback.suggestions[0];
  return `This password is too easy to guess. ${reason}${suggestion ? ` ${suggestion}` : ''}`;
}
