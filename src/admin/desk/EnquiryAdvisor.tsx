import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AccountView } from '../../shared/accounts';
import type { DeskEnquiryDetail } from '../../shared/deskEnquiry';
import { adminApi } from '../adminApi';

interface Props {
  enquiry: DeskEnquiryDetail;
  /** The signed-in account. */
  self: string;
  owner: boolean;
  onSaved: (enquiry: DeskEnquiryDetail, message: string) => void;
}

/**
 * Who works the enquiry. Owners choose any owner or staff member, or nobody; a staff member
 * takes an unassigned enquiry for themselves, or gives back their own.
 */
export function EnquiryAdvisor({ enquiry, self, owner, onSaved }: Props) {
  const uid = useId();
  const [advisors, setAdvisors] = useState<AccountView[] | undefined>();
  const [chosen, setChosen] = useState(enquiry.assignedTo ?? '');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!owner) return;
    let current = true;
    void adminApi.accounts().then((answer) => {
      if (!current) return;
      if (answer.ok) setAdvisors(answer.data.items.filter((account) => account.role !== 'editor'));
    });
    return () => {
      current = false;
    };
  }, [owner]);

  async function assign(assignedTo: string | null, done: string) {
    const answer = await adminApi.changeEnquiry(enquiry._id, { assignedTo });
    if (!answer.ok) return setError(answer.errors?.assignedTo ?? answer.message);
    setError(undefined);
    onSaved(answer.data, done);
  }

  const current = enquiry.assignedTo;
  const errorBox = error && (
    <p id={`${uid}-error`} className="field-error">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  );

  if (owner) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      void assign(chosen || null, chosen ? `Assigned to ${chosen}.` : 'Nobody is assigned now.');
    };
    return (
      <form className="desk-form" noValidate onSubmit={submit}>
        <h3>Advisor</h3>
        <label htmlFor={`${uid}-advisor`}>Assigned to</label>
        {errorBox}
        <select
          id={`${uid}-advisor`}
          className="text-input"
          value={chosen}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-error` : undefined}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Nobody</option>
          {/* The current advisor stays listed while the accounts load. */}
          {(advisors ?? []).map((account) => (
            <option key={account.username} value={account.username}>
              {account.username}
              {account.username === self ? ' (you)' : ''}
            </option>
          ))}
          {current && !advisors?.some((account) => account.username === current) && <option value={current}>{current}</option>}
        </select>
        <button type="submit" className="button">
          Save advisor
        </button>
      </form>
    );
  }

  return (
    <div className="desk-form">
      <h3>Advisor</h3>
      <p>{current ? (current === self ? 'Assigned to you.' : `Assigned to ${current}.`) : 'Nobody is assigned yet.'}</p>
      {errorBox}
      {!current && (
        <button type="button" className="button" onClick={() => void assign(self, 'It is yours now: you find it under Mine.')}>
          Take it for myself
        </button>
      )}
      {current === self && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void assign(null, 'You have given it back; nobody is assigned now.')}
        >
          Give it back
        </button>
      )}
    </div>
  );
}
