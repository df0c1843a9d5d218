import { Link, useSearchParams } from 'react-router-dom';
import type { DeskEnquiry } from '../../shared/deskEnquiry';
import { PHONE_FIELDS } from '../../shared/forms/formSchemas';
import { formatIndiaTime } from '../../shared/indiaTime';
import { formatIsoDate } from '../../shared/formatDate';
import { FORM_NAMES, plural, statusText } from './deskText';
import { useDeskWorkflow } from './useDeskWorkflow';
import { ContactLinks } from './ContactLinks';
import { displayPhone } from '../../shared/phone';
import { OverdueMark } from './OverdueMark';

interface Props {
  items: DeskEnquiry[];
  heading: string;
  owner: boolean;
  aboutOnly: boolean;
  selection: ReadonlySet<string>;
  onToggle: (ids: string[], on: boolean) => void;
  /** For each row's Call and WhatsApp links. */
  contact: Omit<Parameters<typeof ContactLinks>[0], 'enquiry'>;
}

const text = (record: DeskEnquiry, field: string) => (typeof record[field] === 'string' ? record[field] : '');

/** One page of enquiries as a table (a card per enquiry on a phone); each name opens its enquiry. */
export function EnquiryTable({ items, heading, owner, aboutOnly, selection, onToggle, contact }: Props) {
  const workflow = useDeskWorkflow();
  const [params] = useSearchParams();
  const toggle = onToggle;
  return (
    <div className="desk-table" role="region" aria-label={`${heading}, table`} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{heading}, newest first</caption>
        <thead>
          <tr>
            {owner && (
              <th scope="col">
                <span className="visually-hidden">Selected</span>
              </th>
            )}
            <th scope="col">Received (India time)</th>
            <th scope="col">Name</th>
            <th scope="col">Phone</th>
            {!aboutOnly && <th scope="col">Form</th>}
            <th scope="col">Status</th>
            <th scope="col">Advisor</th>
            <th scope="col">Follow-up</th>
            <th scope="col">Same number</th>
            <th scope="col">Source page</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const name = text(item, 'name') || 'No name';
            const phone = text(item, PHONE_FIELDS[item.form]);
            return (
              <tr key={item._id}>
                {owner && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select the enquiry from ${name}, ${formatIndiaTime(item.createdAt)}`}
                      checked={selection.has(item._id)}
                      onChange={(event) => toggle([item._id], event.target.checked)}
                    />
                  </td>
                )}
                <td data-label="Received (India time)">{formatIndiaTime(item.createdAt)}</td>
                <td data-label="Name">
                  <Link to={`?${new URLSearchParams({ ...Object.fromEntries(params), enquiry: item._id }).toString()}`}>{name}</Link>
                </td>
                <td data-label="Phone">
                  <span className="desk-phone">{displayPhone(phone)}</span>
                  <ContactLinks enquiry={item} {...contact} />
                </td>
                {!aboutOnly && <td data-label="Form">{FORM_NAMES[item.form]}</td>}
                <td data-label="Status">
                  {statusText(workflow, item.status, item.closedReason)}
                  {item.overdue && <OverdueMark />}
                </td>
                <td data-label="Advisor">{item.assignedTo ?? '—'}</td>
                <td data-label="Follow-up">{item.followUpOn ? formatIsoDate(item.followUpOn) : '—'}</td>
                <td data-label="Same number">
                  {item.duplicates > 0 ? <Link to={`?phone=${phone.slice(-10)}`}>{plural(item.duplicates, 'other')}</Link> : 'None'}
                </td>
                <td data-label="Source page">{item.sourcePage ?? '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
