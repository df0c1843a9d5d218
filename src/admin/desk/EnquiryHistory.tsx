import type { DeskEnquiryDetail } from '../../shared/deskEnquiry';
import { formatIndiaTime } from '../../shared/indiaTime';
import { historyText } from './deskText';
import { useDeskWorkflow } from './useDeskWorkflow';

/** What happened to an enquiry, oldest first: its arrival, then each change and note with who and when. */
export function EnquiryHistory({ enquiry }: { enquiry: DeskEnquiryDetail }) {
  const workflow = useDeskWorkflow();
  return (
    <>
      <h3>History</h3>
      <ol className="desk-history">
        <li>
          <strong>Received</strong> <span className="desk-history__when">{formatIndiaTime(enquiry.createdAt)}</span>
        </li>
        {enquiry.history.map((entry, index) => (
          <li key={index}>
            <strong>{historyText(workflow, entry)}</strong>{' '}
            <span className="desk-history__when">
              by {entry.by}, {formatIndiaTime(entry.at)}
            </span>
            {entry.type === 'note' && <p className="desk-history__note">{entry.text}</p>}
          </li>
        ))}
      </ol>
    </>
  );
}
