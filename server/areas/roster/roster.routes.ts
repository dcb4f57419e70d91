import { endpoints as e } from '../../../contract/endpoints.ts';
import type { Deps } from '../../deps.ts';
import type { Router } from '../../http/route.ts';
import { rosterHandlers } from './roster.handlers.ts';
import { rosterRepo } from './roster.repo.ts';

export function rosterRoutes(router: Router, deps: Deps): void {
  const roster = rosterRepo(deps.db.q);
  const h = rosterHandlers(deps);
  router.bind(e.roster, ({ caller }) => roster.of(caller.userId), { reads: ['classes', 'users'] });
  router.bind(e.listClasses, ({ caller, query }) => h.classes(caller, query), { reads: ['classes'] });
  router.bind(e.listStudents, ({ caller, query }) => h.students(caller, query), { reads: ['classes', 'users'] });
  router.bind(e.listCourses, ({ caller, query }) => h.courses(caller, query), { reads: ['classes'] });
  router.bind(e.getCourse, ({ caller, query }) => h.course(caller, query.courseId), { reads: ['classes'] });
  router.bind(e.listCourseLessons, ({ caller, query }) => h.lessons(caller, query), { reads: ['classes'] });
  router.bind(e.getLesson, ({ caller, query }) => h.lesson(caller, query.lessonId), { reads: ['classes'] });
}
