/**
 * When a comment or note was written, and who wrote a note. The interface's
 * Comment carries its author but no time, and its Note neither; our service's
 * student record (an extension) carries both for everything a trainer may
 * read about one person. Cards look their entry up here, one record a person
 * shared by every card about them. Where the record is absent (the platform,
 * a person the viewer trains no class of), nothing is known and the cards say
 * nothing rather than guess.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentRecordEndpoints } from '../../../contract/endpoints/student-record';
import type { UserSummary } from '../../../contract/users';
import { isApiError } from './api-error';
import { call } from './client';
import { isUnknownAddress, withExtension } from './extensions';

export interface EntryFacts {
  /** ISO date-time, by commentId or noteId. */
  readonly writtenAt: ReadonlyMap<string, string>;
  /** A note's author, by noteId. */
  readonly noteAuthors: ReadonlyMap<string, UserSummary>;
}

const nothingKnown: EntryFacts = { writtenAt: new Map(), noteAuthors: new Map() };

async function factsAbout(userId: string, signal: AbortSignal): Promise<EntryFacts> {
  return withExtension(
    'student-record',
    async () => {
      try {
        const record = await call(studentRecordEndpoints.studentRecord, { params: { userId }, signal });
        const writtenAt = new Map<string, string>();
        const noteAuthors = new Map<string, UserSummary>();
        for (const entry of record.entries) {
          if (entry.kind === 'comment') writtenAt.set(entry.comment.commentId, entry.createdAt);
          else {
            writtenAt.set(entry.note.noteId, entry.createdAt);
            noteAuthors.set(entry.note.noteId, entry.author);
          }
        }
        return { writtenAt, noteAuthors };
      } catch (error) {
        // Not a person the viewer trains (404), or an app without the scope (403): nothing to tell.
        const refused = isApiError(error) && (error.status === 404 || error.status === 403);
        if (refused && !isUnknownAddress(error)) {
          return nothingKnown;
        }
        throw error;
      }
    },
    () => nothingKnown,
  );
}

export const entryFactsQueries = {
  /** Under the student record's root, so every comment and note mutation (which names it) refreshes it. */
  about: (userId: string) =>
    queryOptions({
      queryKey: ['student-record', userId, 'facts'] as const,
      queryFn: ({ signal }) => factsAbout(userId, signal),
      staleTime: 60_000,
    }),
};

/** The facts about one person's entries; `enabled` false (or no userId) reads nothing. */
export function useEntryFacts(userId: string | null, enabled = true): EntryFacts {
  const query = useQuery({ ...entryFactsQueries.about(userId ?? ''), enabled: enabled && userId !== null });
  return query.data ?? nothingKnown;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A readable local date and time for an ISO date-time. */
export function formatWrittenAt(iso: string): string {
  return timeFormat.format(new Date(iso));
}
