import { describe, expect, it } from 'vitest';
import type { Note } from '../../../../contract/notes';
import { countSays } from '../notes-page';
import { rewriteBody } from './note-edit';

const base: Note = {
  noteId: 'n-1',
  text: 'old',
  classId: 'c',
  userId: 'u-student',
  studentId: 's',
  courseId: 'k',
  lessonId: 'l',
};

describe('rewriteBody: which notes the dashboard can write again', () => {
  it('a lesson note: the same student and lesson, the new text', () => {
    expect(rewriteBody(base, 'new', 'me')).toEqual({ text: 'new', studentId: 's', lessonId: 'l' });
  });
  it('a note about yourself: about you again', () => {
    const own: Note = { ...base, userId: 'me', studentId: null, classId: null, courseId: null, lessonId: null };
    expect(rewriteBody(own, 'new', 'me')).toEqual({ text: 'new', userId: 'me' });
  });
  it('not a course note (the training dashboard must name a lesson), nor a note about someone else', () => {
    expect(rewriteBody({ ...base, lessonId: null }, 'new', 'me')).toBeNull();
    const other: Note = { ...base, studentId: null, classId: null, courseId: null, lessonId: null };
    expect(rewriteBody(other, 'new', 'me')).toBeNull();
  });
});

describe('countSays: what the notes count counts', () => {
  it('names the kinds left out', () => {
    expect(countSays(['lesson', 'course'])).toBe(
      'Counting lesson notes and course notes; user notes are left out (see Kinds of note).',
    );
    expect(countSays(['lesson', 'course', 'user'])).toBe(
      'Counting lesson notes, course notes and user notes: every kind.',
    );
  });
});
