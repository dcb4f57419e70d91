import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ClassStudent } from '../../../../contract/roster';
import type { PlatformRoster } from '../../../lib/api/roster-queries';
import { userSummary } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { FindStudent } from './find-student';

const person = (userId: string, firstName: string, lastName: string, extra: Partial<ClassStudent> = {}) =>
  ({ ...userSummary(userId, { firstName, lastName }), ...extra }) as ClassStudent;

const sam = person('usr-sam', 'Sam', 'Patel', { handle: '@spatel', displayRank: 'Amn' });
const olly = person('usr-oh1', 'Oliver', 'Hughes', { handle: '@ohughes', displayRank: 'Amn' });
const oliver = person('usr-oh2', 'Oliver', 'Hughes', { handle: '@oliver.hughes', displayRank: 'Amn' });
const lea = person('usr-lea', 'Léa', 'Müller', { handle: '@lmueller' });
const zoe = person('usr-zoe', 'Zoë', 'Adams', { handle: '@zadams', displayRank: 'SSgt', militaryGrade: 'E-5' });

const klass = (classId: string, className: string) => ({
  classId,
  className,
  courseId: 'crs',
  courseName: 'Cyber',
  lessons: [],
  students: [],
});
const roster: PlatformRoster = {
  classes: [klass('cls-a', 'Cyber Transport 26-A'), klass('cls-b', 'Cyber Defense 26-B')],
  people: new Map(),
  members: new Map([
    ['cls-a', [olly, sam, oliver]],
    ['cls-b', [zoe, sam, lea]],
  ]),
};

function Address() {
  const location = useLocation();
  return <p>{`Address: ${location.pathname}${location.search}`}</p>;
}

function setup(route = '/classes') {
  const rendered = renderWithProviders(
    <>
      <FindStudent roster={roster} />
      <Address />
    </>,
    { route },
  );
  const box = screen.getByRole('searchbox', { name: 'Find a student' });
  return { ...rendered, box };
}

const found = () => screen.queryByRole('list', { name: 'Students found' });
const foundNames = () =>
  within(found() ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((item) => {
      // As read aloud: the picture's initials are decoration.
      const copy = item.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent;
    });

describe('Find a student', () => {
  it('finds a student across every class by part of a name, once, with their classes, linked to their record', async () => {
    const { user, box } = setup();
    expect(found()).not.toBeInTheDocument();
    await user.type(box, 'pat');
    expect(foundNames()).toEqual(['Sam Patel@spatel · AmnClasses: Cyber Transport 26-A, Cyber Defense 26-B']);
    expect(screen.getByRole('status')).toHaveTextContent('1 student matches “pat”.');
    expect(screen.getByRole('link', { name: 'Sam Patel' })).toHaveAttribute('href', '/students/usr-sam');
    // Typed into the address as it is, so Back from the record returns here.
    expect(screen.getByText(/^Address:/)).toHaveTextContent('Address: /classes?find=pat');
  });

  it('ignores case and accents, and finds by handle and by rank', async () => {
    const { user, box } = setup();
    await user.type(box, 'ZOE');
    expect(foundNames()).toEqual([expect.stringMatching(/^Zoë Adams@zadams/)]);
    await user.clear(box);
    await user.type(box, 'lea mull');
    expect(foundNames()).toEqual([expect.stringMatching(/^Léa Müller@lmueller/)]);
    await user.clear(box);
    await user.type(box, '@sp');
    expect(foundNames()).toEqual([expect.stringMatching(/^Sam Patel@spatel/)]);
    await user.clear(box);
    await user.type(box, 'e-5');
    expect(foundNames()).toEqual([expect.stringMatching(/^Zoë Adams/)]);
    await user.clear(box);
    expect(found()).not.toBeInTheDocument();
    expect(screen.getByText(/^Address:/)).toHaveTextContent(/^Address: \/classes$/);
  });

  it('tells two students of the same name apart by their handles, each a link to their own record', async () => {
    const { user, box } = setup();
    await user.type(box, 'oliver hug');
    expect(screen.getByRole('status')).toHaveTextContent('2 students match “oliver hug”.');
    const items = within(found() as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link', { name: 'Oliver Hughes' }).getAttribute('href'))).toEqual(
      ['/students/usr-oh1', '/students/usr-oh2'],
    );
    expect(items[0]).toHaveTextContent('@ohughes');
    expect(items[1]).toHaveTextContent('@oliver.hughes');
  });

  it('says so when nobody matches, and starts from the address', async () => {
    const { box } = setup('/classes?find=nobody');
    expect(box).toHaveValue('nobody');
    expect(screen.getByText('No student in your classes matches “nobody”', { selector: 'p' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('No student in your classes matches “nobody”.');
  });

  it('takes Enter to the first student found', async () => {
    const { user, box } = setup();
    await user.type(box, 'amn{Enter}');
    expect(screen.getAllByRole('link', { name: 'Oliver Hughes' })[0]).toHaveFocus();
  });
});
