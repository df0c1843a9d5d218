import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_PAGES } from '../../shared/adminPages';
import { plural } from '../desk/deskText';
import { pagesApi } from './pagesApi';

/** For owners, on the dashboard and the list of pages: how many editors' changes wait for review, linked to them; nothing when none do. */
export function ReviewLink() {
  const [count, setCount] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    pagesApi.submissions(controller.signal).then(
      (answer) => {
        if (answer.ok) setCount(answer.data.items.length);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  if (count === 0) return null;
  return (
    <p className="pages-review-link">
      <Link to={ADMIN_PAGES.review}>{plural(count, 'change waits', 'changes wait')} for your review</Link>
    </p>
  );
}
