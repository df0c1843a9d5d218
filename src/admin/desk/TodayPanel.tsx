import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { indiaClockTime } from '../../shared/callingHours';
import type { DailyList, DailyListItem, DailyListSection } from '../../shared/dailyList';
import { formatIsoDate } from '../../shared/formatDate';
import { indiaDate } from '../../shared/indiaTime';
import { adminApi } from '../adminApi';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; list: DailyList };

const when = (iso: string) => `${formatIsoDate(indiaDate(iso))}, ${indiaClockTime(iso)}`;

/** The three parts of the list, each with what is due beside an enquiry and where the rest of them are on the desk. */
const PARTS: {
  part: 'followUps' | 'assigned' | 'overdue';
  heading: (list: DailyList) => string;
  detail: (item: DailyListItem) => string;
  rest: string;
  restLabel: string;
}[] = [
  {
    part: 'followUps',
    heading: () => 'Follow-ups due today or earlier',
    detail: (item) => `follow-up on ${item.followUpOn ? formatIsoDate(item.followUpOn) : ''}`,
    rest: '?view=due&assignedTo=me',
    restLabel: 'under Due today and overdue',
  },
  {
    part: 'assigned',
    heading: (list) => `Given to you since ${when(list.since)}`,
    detail: (item) => `received ${when(item.createdAt)}`,
    rest: '?view=mine',
    restLabel: 'under Mine',
  },
  {
    part: 'overdue',
    heading: () => 'Past the first-response target with no call yet',
    detail: (item) => `first response was due ${item.firstResponseDueAt ? when(item.firstResponseDueAt) : ''}`,
    rest: '?view=mine&overdue=1',
    restLabel: 'under Mine, overdue',
  },
];

/**
 * Today, at the top of the desk the advisor signs in to: the same list the e-mail at the start of
 * the working day carries (built by one function on the server): their follow-ups due, the
 * enquiries given to them since the working day before, and theirs past the first-response target.
 */
export function TodayPanel() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const id = useId();

  useEffect(() => {
    const controller = new AbortController();
    adminApi.today(controller.signal).then(
      (answer) => {
        setLoad(answer.ok ? { state: 'ready', list: answer.data } : { state: 'failed', message: answer.message });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const list = load.state === 'ready' ? load.list : undefined;
  const empty = list && PARTS.every(({ part }) => list[part].total === 0);

  return (
    <section className="desk-today" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{list ? `Today, ${formatIsoDate(list.day)}` : 'Today'}</h2>
      {load.state === 'loading' && <p role="status">Loading your list...</p>}
      {load.state === 'failed' && (
        <p className="desk-notice desk-notice--error" role="alert">
          {load.message}
        </p>
      )}
      {empty && <p>Nothing waits for you: no follow-ups due, no enquiries given to you since the working day before, none overdue.</p>}
      {list && !empty && (
        <div className="desk-today__parts">
          {PARTS.map(({ part, heading, detail, rest, restLabel }) => (
            <TodayPart key={part} heading={heading(list)} section={list[part]} detail={detail} rest={rest} restLabel={restLabel} />
          ))}
        </div>
      )}
    </section>
  );
}

function TodayPart({
  heading,
  section,
  detail,
  rest,
  restLabel,
}: {
  heading: string;
  section: DailyListSection;
  detail: (item: DailyListItem) => string;
  rest: string;
  restLabel: string;
}) {
  const more = section.total - section.items.length;
  const id = useId();
  return (
    <section className="desk-today__part" aria-labelledby={id}>
      <h3 id={id}>
        {heading} ({section.total.toLocaleString('en-IN')})
      </h3>
      {section.items.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {section.items.map((item) => (
            <li key={item.id}>
              <Link to={`?enquiry=${encodeURIComponent(item.id)}`}>{item.firstName ?? 'Enquirer'}</Link> {item.reference}, {detail(item)}
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <p>
          <Link to={rest}>
            And {more.toLocaleString('en-IN')} more {restLabel}
          </Link>
        </p>
      )}
    </section>
  );
}
