/**
 * The way to write one comment or note to several students of a class at
 * once (`/classes/write`), from the classes page (with its class) and the
 * comments page. The page's "Back to …" returns here.
 */
import { Link } from 'react-router-dom';
import { useHereAsOrigin } from '../lib/url/came-from';

export function WriteToSeveralLink({ classId, className }: { readonly classId?: string; readonly className?: string }) {
  const state = useHereAsOrigin();
  const search = classId ? `?classId=${encodeURIComponent(classId)}` : '';
  return (
    <p className="write-to-several">
      <Link to={`/classes/write${search}`} state={state}>
        {className ? (
          <>
            Write to several students of <bdi>{className}</bdi>
          </>
        ) : (
          'Write to several students at once'
        )}
      </Link>
    </p>
  );
}
