/**
 * Section 4.4: notes, under the notes base address. Every answer is
 * `no-store`: a note is private to its author and the class's trainers, and
 * names the person it is about, so no browser or proxy cache may keep it.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  createNoteBodySchema,
  getNoteQuerySchema,
  listNotesQuerySchema,
  noteListSchema,
  noteSchema,
  removeNoteBodySchema,
  removeNoteResponseSchema,
} from '../notes.ts';

export const noteEndpoints = {
  listNotes: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/note/list',
    base: 'notes',
    auth: 'user',
    tag: 'Notes',
    summary: 'List notes of one or more categories',
    query: listNotesQuerySchema,
    response: noteListSchema,
    paged: true,
    noStore: true,
  }),
  getNote: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/note',
    base: 'notes',
    auth: 'user',
    tag: 'Notes',
    summary: 'Get one note by id',
    query: getNoteQuerySchema,
    response: noteSchema,
    noStore: true,
  }),
  createNote: defineEndpoint({
    method: 'PUT',
    path: '/edu/v1/note',
    base: 'notes',
    auth: 'user',
    tag: 'Notes',
    summary: 'Create a note; the service adds the ids it can derive',
    body: createNoteBodySchema,
    response: noteSchema,
    status: 201,
    noStore: true,
  }),
  removeNote: defineEndpoint({
    method: 'POST',
    path: '/edu/v1/note/remove',
    base: 'notes',
    auth: 'user',
    tag: 'Notes',
    summary: 'Delete a note by id',
    body: removeNoteBodySchema,
    response: removeNoteResponseSchema,
    noStore: true,
  }),
} as const;
