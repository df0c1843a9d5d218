import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  APPLICATION_LABELS,
  nextApplicationStatuses,
  type Application,
  type ApplicationChange,
  type ApplicationStatus,
} from '../../shared/applications';
import type { DeskEnquiryDetail } from '../../shared/deskEnquiry';
import { formatIndiaTime } from '../../shared/indiaTime';
import { formatWholeRupees } from '../../lib/formatRupees';
import { adminApi, type ApiAnswer } from '../adminApi';
import { useDeskWorkflow } from './useDeskWorkflow';

interface Props {
  enquiry: DeskEnquiryDetail;
  onSaved: (enquiry: DeskEnquiryDetail, message: string) => void;
}

type Errors = Record<string, string>;

/** A field's label, its error tied to it, and the input. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {children}
    </>
  );
}

const aria = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** Whole rupees from what was typed ("25,00,000" or "2500000"), or the text itself for the server to refuse. */
const rupees = (text: string): number | string => {
  const plain = text.replace(/[,\s₹]/g, '');
  return /^-?\d+$/.test(plain) ? Number(plain) : text;
};

/** One application: what was asked of which lender, its status and amounts, its history, and a form to move it on. */
function ApplicationItem({ enquiryId, application, onSaved }: { enquiryId: string; application: Application } & Omit<Props, 'enquiry'>) {
  const { lenders } = useDeskWorkflow();
  const uid = useId();
  const next = nextApplicationStatuses(application);
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const lender = lenders.find((candidate) => candidate.id === application.lender)?.name ?? application.lender;

  async function move(event: FormEvent) {
    event.preventDefault();
    if (!status) return setErrors({ status: 'Choose the new status' });
    const change = {
      status,
      ...((status === 'rejected' || status === 'withdrawn') && reason.trim() && { reason }),
      ...(status === 'sanctioned' && amount && { sanctionedAmount: rupees(amount) }),
      ...(status === 'disbursed' && amount && { disbursedAmount: rupees(amount) }),
    } as ApplicationChange;
    const answer = await adminApi.changeApplication(enquiryId, application.id, change);
    if (!answer.ok) return setErrors(answer.errors ?? { status: answer.message });
    setErrors({});
    onSaved(answer.data, `The application to ${lender} is ${APPLICATION_LABELS[status].toLowerCase()} now.`);
  }

  const amountError = errors.sanctionedAmount ?? errors.disbursedAmount;
  return (
    <li className="desk-application">
      <h4>
        {lender}: {application.product}
      </h4>
      <p>
        Asked {formatWholeRupees(application.amount)}. Status: <strong>{APPLICATION_LABELS[application.status]}</strong>
        {application.sanctionedAmount !== undefined && `, sanctioned ${formatWholeRupees(application.sanctionedAmount)}`}
        {application.disbursedAmount !== undefined && `, disbursed ${formatWholeRupees(application.disbursedAmount)}`}
        {application.reason && ` (${application.reason})`}.
      </p>
      <ol className="desk-history">
        {application.history.map((event, index) => (
          <li key={index}>
            <strong>{APPLICATION_LABELS[event.status]}</strong>{' '}
            <span className="desk-history__when">
              by {event.by}, {formatIndiaTime(event.at)}
            </span>
          </li>
        ))}
      </ol>
      {next.length > 0 && (
        <form className="desk-form" noValidate onSubmit={(event) => void move(event)}>
          <Field id={`${uid}-status`} label={`New status of the application to ${lender}`} error={errors.status}>
            <select
              {...aria(`${uid}-status`, errors.status)}
              className="text-input"
              value={status}
              onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
            >
              <option value="">Choose…</option>
              {next.map((option) => (
                <option key={option} value={option}>
                  {APPLICATION_LABELS[option]}
                </option>
              ))}
            </select>
          </Field>
          {(status === 'rejected' || status === 'withdrawn') && (
            <Field
              id={`${uid}-reason`}
              label={status === 'rejected' ? 'Why the lender rejected it' : 'Why it was withdrawn'}
              error={errors.reason}
            >
              <input
                {...aria(`${uid}-reason`, errors.reason)}
                className="text-input"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
          )}
          {(status === 'sanctioned' || status === 'disbursed') && (
            <Field id={`${uid}-amount`} label={`Amount ${status} (₹)`} error={amountError}>
              <input
                {...aria(`${uid}-amount`, amountError)}
                className="text-input"
                inputMode="numeric"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </Field>
          )}
          <button type="submit" className="button">
            Save status<span className="visually-hidden"> of the application to {lender}</span>
          </button>
        </form>
      )}
    </li>
  );
}

/** The enquiry's applications to lenders, and a form to add one; owners and staff alike. */
export function EnquiryApplications({ enquiry, onSaved }: Props) {
  const { lenders } = useDeskWorkflow();
  const uid = useId();
  const [draft, setDraft] = useState({ lender: '', product: '', amount: '' });
  const [errors, setErrors] = useState<Errors>({});

  async function add(event: FormEvent) {
    event.preventDefault();
    const answer: ApiAnswer<{ id: string; enquiry: DeskEnquiryDetail }> = await adminApi.addApplication(enquiry._id, {
      lender: draft.lender,
      product: draft.product,
      amount: rupees(draft.amount) as number,
    });
    if (!answer.ok) return setErrors(answer.errors ?? { lender: answer.message });
    setErrors({});
    setDraft({ lender: '', product: '', amount: '' });
    onSaved(answer.data.enquiry, 'Application added: it is being prepared.');
  }

  return (
    <section className="desk-applications" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>Applications to lenders</h3>
      {enquiry.applications.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ul className="desk-applications__list">
          {enquiry.applications.map((application) => (
            <ApplicationItem
              key={`${application.id}-${application.status}`}
              enquiryId={enquiry._id}
              application={application}
              onSaved={onSaved}
            />
          ))}
        </ul>
      )}
      <form className="desk-form" noValidate onSubmit={(event) => void add(event)}>
        <h4>Add an application</h4>
        <Field id={`${uid}-lender`} label="Lender" error={errors.lender}>
          <select
            {...aria(`${uid}-lender`, errors.lender)}
            className="text-input"
            value={draft.lender}
            onChange={(event) => setDraft({ ...draft, lender: event.target.value })}
          >
            <option value="">Choose…</option>
            {lenders.map((lender) => (
              <option key={lender.id} value={lender.id}>
                {lender.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${uid}-product`} label="Product (a term loan, working capital, a scheme)" error={errors.product}>
          <input
            {...aria(`${uid}-product`, errors.product)}
            className="text-input"
            value={draft.product}
            onChange={(event) => setDraft({ ...draft, product: event.target.value })}
          />
        </Field>
        <Field id={`${uid}-amount`} label="Amount asked (₹)" error={errors.amount}>
          <input
            {...aria(`${uid}-amount`, errors.amount)}
            className="text-input"
            inputMode="numeric"
            value={draft.amount}
            onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
          />
        </Field>
        <button type="submit" className="button">
          Add application
        </button>
      </form>
    </section>
  );
}
