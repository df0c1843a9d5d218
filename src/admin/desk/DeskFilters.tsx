import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDeskWorkflow } from './useDeskWorkflow';
import { FORM_NAMES } from './deskText';

export type Filter = 'form' | 'status' | 'q' | 'consent' | 'phone' | 'campaign' | 'assignedTo' | 'overdue';

interface Props {
  aboutOnly: boolean;
  /** The Mine view: its advisor is the signed-in account, so there is no advisor to choose. */
  mine: boolean;
  /** What is typed in the search box (it reaches the address once typing pauses). */
  search: string;
  onSearch: (text: string) => void;
  onFilter: (name: Filter, value: string) => void;
}

/** The desk's filters: a search by name, phone or e-mail, the form, the status, the advisor, and a missing consent record. */
export function DeskFilters({ aboutOnly, mine, search, onSearch, onFilter }: Props) {
  const { statuses } = useDeskWorkflow();
  const [params] = useSearchParams();
  const id = useId();
  const setSearch = onSearch;
  const setFilter = onFilter;
  return (
    <form className="desk-filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="desk-filters__field desk-filters__search">
        <label htmlFor={`${id}-q`}>Search by name, phone, e-mail or reference</label>
        <input id={`${id}-q`} className="text-input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {!aboutOnly && (
        <div className="desk-filters__field">
          <label htmlFor={`${id}-form`}>Form</label>
          <select
            id={`${id}-form`}
            className="text-input"
            value={params.get('form') ?? ''}
            onChange={(event) => setFilter('form', event.target.value)}
          >
            <option value="">Both forms</option>
            <option value="contact">{FORM_NAMES.contact}</option>
            <option value="about">{FORM_NAMES.about}</option>
          </select>
        </div>
      )}
      <div className="desk-filters__field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          className="text-input"
          value={params.get('status') ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
        >
          <option value="">Any status</option>
          {statuses.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {!mine && (
        <div className="desk-filters__field">
          <label htmlFor={`${id}-advisor`}>Advisor</label>
          <select
            id={`${id}-advisor`}
            className="text-input"
            value={params.get('assignedTo') ?? ''}
            onChange={(event) => setFilter('assignedTo', event.target.value)}
          >
            <option value="">Anyone or nobody</option>
            <option value="me">Me</option>
            <option value="none">Nobody yet</option>
          </select>
        </div>
      )}
      <label className="desk-filters__check">
        <input
          type="checkbox"
          checked={params.get('overdue') === '1'}
          onChange={(event) => setFilter('overdue', event.target.checked ? '1' : '')}
        />
        Only those overdue for a first response
      </label>
      <label className="desk-filters__check">
        <input
          type="checkbox"
          checked={params.get('consent') === 'missing'}
          onChange={(event) => setFilter('consent', event.target.checked ? 'missing' : '')}
        />
        Only those without a consent record
      </label>
      {params.get('phone') && (
        <button type="button" className="button button--ghost" onClick={() => setFilter('phone', '')}>
          Show every number
        </button>
      )}
      {params.get('campaign') && (
        <button type="button" className="button button--ghost" onClick={() => setFilter('campaign', '')}>
          Show every campaign
        </button>
      )}
    </form>
  );
}
