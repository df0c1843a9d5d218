/** The mark of an enquiry past its first-response target with no recorded contact yet (a call, a WhatsApp message or a note marked as a contact). */
export function OverdueMark() {
  return <strong className="desk-overdue">Overdue for a first response</strong>;
}
