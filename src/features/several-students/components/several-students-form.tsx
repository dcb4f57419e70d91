/**
 * One text for several students of a class: each chosen student gets their
 * own comment or training note, written one by one (a few at a time) while
 * the form says how far it got. The outcome names whom it was written for
 * and whom not, and takes focus; after a partial failure only those not
 * written to stay chosen, with the text, so writing again reaches only them.
 * The text is a draft kept per user with the ids it is about (the class, the
 * lesson, the students), as the one-student forms keep theirs.
 */
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react';
import type { AudienceQuery } from '../../../../contract/audience';
import { limits } from '../../../../contract/common';
import type { Roster } from '../../../../contract/roster';
import { AudienceNotice } from '../../../components/audience-notice';
import { TextAreaField } from '../../../components/form-field';
import { RosterFields, type RosterValues } from '../../../components/roster-fields';
import { StudentLink } from '../../../components/student-link';
import type { FieldErrors } from '../../../lib/forms/field-errors';
import { readDraft, useDraft } from '../../../lib/storage/use-draft';
import { type Addressee, type EntryKind, useWriteToEach, type WriteOutcome } from '../api/write-to-each';
import { failureReason, kindWords, type SeveralField, validateSeveral } from '../several-entry';
import { StudentChecklist } from './student-checklist';
import '../several-students.css';

const DRAFT = 'several-students';

interface Start {
  readonly kind: EntryKind;
  readonly values: RosterValues;
  readonly chosen: ReadonlySet<string>;
  /** The kept text was written for another class than the one the form starts with (or one no longer offered). */
  readonly elsewhere: boolean;
}

/**
 * Where the form starts: the kept draft's class, lesson, kind and students when it has them and the roster
 * still offers the class (and the address names no other class); else the address's class, or the only one.
 */
function startFrom(roster: Roster, userId: string, classId: string | undefined, kind: EntryKind | undefined): Start {
  const draft = readDraft(userId, DRAFT);
  const kept = draft ? roster.classes.find((c) => c.classId === draft.ids.classId) : undefined;
  if (draft && kept && (!classId || classId === kept.classId)) {
    const ids = new Set((draft.ids.studentIds ?? '').split(' '));
    return {
      kind: draft.ids.kind === 'note' ? 'note' : 'comment',
      values: {
        classId: kept.classId,
        lessonId: kept.lessons.some((l) => l.lessonId === draft.ids.lessonId) ? draft.ids.lessonId : undefined,
      },
      chosen: new Set(kept.students.filter((s) => ids.has(s.studentId)).map((s) => s.studentId)),
      elsewhere: false,
    };
  }
  const named = roster.classes.find((c) => c.classId === classId);
  const only = roster.classes.length === 1 ? roster.classes[0] : undefined;
  return {
    kind: kind ?? 'comment',
    values: { classId: (named ?? only)?.classId },
    chosen: new Set(),
    elsewhere: draft !== null,
  };
}

type Phase =
  | { readonly step: 'idle' }
  | { readonly step: 'writing'; readonly total: number; readonly written: number; readonly failed: number }
  | { readonly step: 'done'; readonly outcome: WriteOutcome; readonly kind: EntryKind; readonly total: number };

const studentsText = (n: number) => (n === 1 ? '1 student' : `${n} students`);
/** Everyone of a write that reached them all. */
const allOf = (n: number) => (n === 1 ? '1 student' : n === 2 ? 'both students' : `all ${n} students`);

function progressText(phase: Phase): string {
  if (phase.step === 'writing') {
    const failed = phase.failed > 0 ? `; not written for ${phase.failed}` : '';
    return `Written for ${phase.written} of ${phase.total}${failed}…`;
  }
  if (phase.step === 'done') {
    const { written, failed } = phase.outcome;
    if (failed.length === 0) return `Written for ${allOf(phase.total)}.`;
    return `Written for ${written.length} of ${phase.total}. Not written for ${failed.length}: your text is kept for them.`;
  }
  return '';
}

interface SeveralStudentsFormProps {
  readonly roster: Roster;
  readonly userId: string;
  /** The class the address names (the classes page links here with it). */
  readonly classId?: string | undefined;
  readonly kind?: EntryKind | undefined;
}

export function SeveralStudentsForm({ roster, userId, classId, kind: kindParam }: SeveralStudentsFormProps) {
  const [start] = useState(() => startFrom(roster, userId, classId, kindParam));
  const [kind, setKind] = useState<EntryKind>(start.kind);
  const [values, setValues] = useState<RosterValues>(start.values);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(start.chosen);
  const [errors, setErrors] = useState<FieldErrors<SeveralField>>({});
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLElement>(null);
  const write = useWriteToEach();

  const klass = roster.classes.find((c) => c.classId === values.classId);
  // In the class's order, so the outcome lists them as the checklist does.
  const addressees: Addressee[] = (klass?.students ?? [])
    .filter((s) => chosen.has(s.studentId))
    .map((s) => ({ studentId: s.studentId, userId: s.userId, name: `${s.firstName} ${s.lastName}`.trim() }));
  const studentIds = addressees.map((a) => a.studentId);
  const [text, setText, clearDraft] = useDraft(userId, DRAFT, {
    kind,
    classId: values.classId,
    lessonId: values.lessonId,
    studentIds: studentIds.join(' '),
  });
  const writing = phase.step === 'writing';
  const words = kindWords[kind];
  const idPrefix = 'several';

  // A refused write takes the person to the first thing to fix; an ended one to what happened.
  useEffect(() => {
    if (attempt === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? outcomeRef.current)?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (writing) return;
    const found = validateSeveral({ kind, classId: values.classId, lessonId: values.lessonId, studentIds }, text);
    setErrors(found);
    if (Object.keys(found).length > 0 || !values.classId) {
      setPhase({ step: 'idle' });
      setAttempt((n) => n + 1);
      return;
    }
    const total = addressees.length;
    let written = 0;
    let failed = 0;
    setPhase({ step: 'writing', total, written, failed });
    const outcome = await write.mutateAsync({
      kind,
      classId: values.classId,
      lessonId: values.lessonId,
      text,
      students: addressees,
      onProgress: (_ended, ok) => {
        if (ok) written += 1;
        else failed += 1;
        setPhase({ step: 'writing', total, written, failed });
      },
    });
    if (outcome.failed.length === 0) {
      clearDraft();
      setChosen(new Set());
    } else {
      // Only those not written to stay chosen: writing again reaches them alone. The draft follows (ids).
      setChosen(new Set(outcome.failed.map((f) => f.student.studentId)));
    }
    setPhase({ step: 'done', outcome, kind, total });
    setAttempt((n) => n + 1);
  };

  const audience: AudienceQuery | null = !values.classId
    ? null
    : kind === 'comment'
      ? { kind: 'comment', classId: values.classId, lessonId: values.lessonId }
      : studentIds[0] && values.lessonId
        ? { kind: 'note', studentId: studentIds[0], lessonId: values.lessonId }
        : null;

  return (
    <form ref={formRef} className="form" onSubmit={submit} noValidate aria-label="Write to several students">
      <fieldset className="checkbox-group field" disabled={writing}>
        <legend>Write a</legend>
        {(['comment', 'note'] as const).map((option) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name={`${idPrefix}-kind`}
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                setErrors((current) => ({ ...current, lessonId: undefined, text: undefined }));
              }}
            />
            {option === 'comment' ? 'Comment (for the class’s trainers)' : 'Training note (about a lesson)'}
          </label>
        ))}
      </fieldset>
      <RosterFields
        roster={roster}
        fields={['classId', 'lessonId']}
        values={values}
        onChange={(next) => {
          // Another class: its students are others, so none stays chosen.
          if (next.classId !== values.classId) setChosen(new Set());
          setValues(next);
          setErrors((current) => ({ text: current.text }));
        }}
        mode="form"
        idPrefix={idPrefix}
        required={{ classId: true, lessonId: kind === 'note' }}
        errors={errors}
      />
      {klass ? (
        <StudentChecklist
          klass={klass}
          chosen={chosen}
          onChange={(next) => {
            setChosen(next);
            if (errors.students) setErrors((current) => ({ ...current, students: undefined }));
          }}
          idPrefix={idPrefix}
          error={errors.students}
          disabled={writing}
        />
      ) : errors.students ? (
        <p className="field-error">{errors.students}</p>
      ) : null}
      {start.elsewhere && text ? (
        <p className="field-hint">
          Your unsent text below was started for another class: check the class and students before writing it.
        </p>
      ) : null}
      <TextAreaField
        id={`${idPrefix}-text`}
        label={words.field}
        hint={`Each chosen student gets their own ${words.one} with this text.`}
        required
        rows={6}
        maxLength={kind === 'comment' ? limits.commentText : limits.noteText}
        value={text}
        error={errors.text}
        onChange={(next) => {
          setText(next);
          if (errors.text) setErrors((current) => ({ ...current, text: undefined }));
        }}
      />
      <AudienceNotice
        id={`${idPrefix}-audience`}
        query={audience}
        students={addressees.length}
        waiting={
          kind === 'comment'
            ? 'Choose the class, and this says who will be able to read the comments.'
            : 'Choose the lesson and the students, and this says who will be able to read the notes.'
        }
      />
      {kind === 'comment' ? (
        <p className="field-hint" id={`${idPrefix}-not-student`}>
          Comments are for the class’s trainers: the students do not see them.
        </p>
      ) : null}
      <div className="actions">
        <button
          type="submit"
          className="button"
          disabled={writing}
          aria-describedby={`${idPrefix}-audience${kind === 'comment' ? ` ${idPrefix}-not-student` : ''}`}
        >
          {writing
            ? 'Writing…'
            : addressees.length > 0
              ? `Write ${words.one} for ${studentsText(addressees.length)}`
              : `Write ${words.one}`}
        </button>
      </div>
      {writing ? (
        <progress className="several-progress" value={phase.written + phase.failed} max={phase.total}>
          {progressText(phase)}
        </progress>
      ) : null}
      <div className="live-message" role="status">
        {progressText(phase)}
      </div>
      {phase.step === 'done' ? <Outcome ref={outcomeRef} phase={phase} /> : null}
    </form>
  );
}

function Outcome({ ref, phase }: { readonly ref: Ref<HTMLElement>; readonly phase: Extract<Phase, { step: 'done' }> }) {
  const { written, failed } = phase.outcome;
  const one = kindWords[phase.kind].one;
  const heading =
    failed.length === 0
      ? `${one[0]?.toUpperCase()}${one.slice(1)} written for ${allOf(phase.total)}`
      : written.length === 0
        ? `Not written for any of the ${studentsText(phase.total)}`
        : `Written for ${written.length} of ${phase.total} students`;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="several-outcome-heading"
      className={failed.length > 0 ? 'callout callout-error several-outcome' : 'callout callout-info several-outcome'}
    >
      <h2 id="several-outcome-heading">{heading}</h2>
      {failed.length > 0 ? (
        <>
          <p>Not written for:</p>
          <ul>
            {failed.map(({ student, error }) => (
              <li key={student.studentId}>
                <bdi>{student.name}</bdi>: {failureReason(error, phase.kind)}
              </li>
            ))}
          </ul>
          <p>
            Your text is kept, and only {failed.length === 1 ? 'this student is' : 'these students are'} chosen now:
            write again to reach {failed.length === 1 ? 'them' : 'them alone'}.
          </p>
        </>
      ) : null}
      {written.length > 0 ? (
        <>
          <p>{failed.length > 0 ? 'Written for:' : 'Each has their own, on their record:'}</p>
          <ul>
            {written.map((student) => (
              <li key={student.studentId}>
                <StudentLink userId={student.userId} name={student.name} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
