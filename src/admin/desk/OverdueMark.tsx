/** The mark of an enquiry past its first-response target with no call, WhatsApp message or change of status yet. */
export function OverdueMark() {
  return <strong className="desk-overdue">Overdue for a first response</strong>;
}
