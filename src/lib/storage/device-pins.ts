/**
 * Pinned phrases kept on this device, where the platform does not keep them
 * (no pinned-phrases extension): app data under the signed-in userId
 * (`td:user:<userId>:pins`), never a profile field. Only what the contract
 * allows is read back, so a hand-edited or older value cannot put anything
 * else into a form.
 */
import { pinnedPhraseLimits, pinnedPhraseSchema } from '../../../contract/pinned-phrases';
import { readItem, userKey, writeItem } from './app-storage';

const key = (userId: string) => userKey(userId, 'pins');

export function readDevicePins(userId: string): string[] {
  try {
    const value: unknown = JSON.parse(readItem(key(userId)) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter((phrase): phrase is string => pinnedPhraseSchema.safeParse(phrase).success)
      .slice(0, pinnedPhraseLimits.count);
  } catch {
    return [];
  }
}

export function writeDevicePins(userId: string, phrases: readonly string[]): void {
  writeItem(key(userId), JSON.stringify(phrases));
}
