import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { ListPath } from './menuEdits';

export type Language = { code: string; name: string };
/** A list of the menu an entry can go in, by the name people read: "Services › Retail Loans". */
export interface Place {
  path: ListPath;
  name: string;
  column: boolean;
}

/** One text field per language; an error belongs to the first (English), the one required. */
function LabelInputs({
  id,
  languages,
  labels,
  onChange,
  caption,
  error,
  firstRef,
  onEscape,
}: {
  id: string;
  languages: readonly Language[];
  labels: Readonly<Record<string, string>>;
  onChange: (labels: Record<string, string>) => void;
  caption: (language: Language, index: number) => string;
  error: string | undefined;
  firstRef?: Ref<HTMLInputElement>;
  onEscape?: () => void;
}) {
  return languages.map((language, index) => (
    <div key={language.code} className="desk-form__group">
      <label htmlFor={`${id}-${language.code}`}>{caption(language, index)}</label>
      <input
        ref={index === 0 ? firstRef : undefined}
        id={`${id}-${language.code}`}
        className="text-input"
        lang={language.code}
        maxLength={60}
        value={labels[language.code] ?? ''}
        onChange={(event) => onChange({ ...labels, [language.code]: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onEscape?.();
        }}
        aria-invalid={index === 0 && error ? true : undefined}
        aria-describedby={index === 0 && error ? `${id}-error` : undefined}
      />
      {index === 0 && error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  ));
}

/** A label in each language; the first (English) is required, the others may wait for a translator. */
export function LabelsForm({
  legend,
  languages,
  initial,
  submit,
  onSubmit,
  onCancel,
}: {
  legend: string;
  languages: readonly Language[];
  initial: Readonly<Record<string, string>>;
  submit: string;
  onSubmit: (labels: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [labels, setLabels] = useState<Record<string, string>>({ ...initial });
  const [error, setError] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <form
      className="desk-form pages-menu__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!labels[languages[0]!.code]?.trim()) return setError(`Write the label in ${languages[0]!.name}.`);
        onSubmit(labels);
      }}
    >
      <fieldset>
        <legend>{legend}</legend>
        <LabelInputs
          id={id}
          languages={languages}
          labels={labels}
          onChange={setLabels}
          caption={(language) => `In ${language.name}`}
          error={error}
          firstRef={first}
          onEscape={onCancel}
        />
      </fieldset>
      <button type="submit" className="button">
        {submit}
      </button>{' '}
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** Moves an entry to the end of another column. */
export function MoveTo({ name, columns, onMove }: { name: string; columns: readonly Place[]; onMove: (place: Place) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState(0);
  return (
    <span className="pages-menu__move">
      <label htmlFor={id} className="visually-hidden">
        Column to move {name} to
      </label>
      <select id={id} className="text-input" value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
        {columns.map((column, index) => (
          <option key={column.name} value={index}>
            {column.name}
          </option>
        ))}
      </select>
      <button type="button" className="button button--ghost" onClick={() => onMove(columns[chosen]!)}>
        Move to column<span className="visually-hidden"> {name}</span>
      </button>
    </span>
  );
}

/** Adds a page of the site to a list of the menu, with its label in each language (those left empty are flagged). */
export function AddEntry({
  pages,
  places,
  languages,
  onAdd,
}: {
  pages: readonly { route: string; title: string }[];
  places: readonly Place[];
  languages: readonly Language[];
  onAdd: (to: string, labels: Record<string, string>, place: Place) => void;
}) {
  const id = useId();
  const [route, setRoute] = useState('');
  const [where, setWhere] = useState(0);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<{ page?: string; label?: string }>({});
  const english = languages[0];
  if (!english) return null;
  return (
    <form
      className="desk-form pages-menu__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = {
          ...(!route && { page: 'Choose the page the entry leads to.' }),
          ...(!labels[english.code]?.trim() && { label: `Write the label in ${english.name}.` }),
        };
        setErrors(found);
        if (found.page || found.label) return;
        onAdd(route, labels, places[where]!);
        setLabels({});
        setRoute('');
      }}
    >
      <h3>Add a page to the menu</h3>
      <div className="desk-form__group">
        <label htmlFor={`${id}-page`}>Page</label>
        <select
          id={`${id}-page`}
          className="text-input"
          value={route}
          onChange={(event) => {
            setRoute(event.target.value);
            const page = pages.find((candidate) => candidate.route === event.target.value);
            if (page && !labels[english.code]) setLabels({ ...labels, [english.code]: page.title.slice(0, 60) });
          }}
          aria-invalid={errors.page ? true : undefined}
          aria-describedby={errors.page ? `${id}-page-error` : undefined}
        >
          <option value="">Choose a page</option>
          {pages.map((page) => (
            <option key={page.route} value={page.route}>
              {page.title} ({page.route})
            </option>
          ))}
        </select>
        {errors.page && (
          <p id={`${id}-page-error`} className="field-error">
            {errors.page}
          </p>
        )}
      </div>
      <div className="desk-form__group">
        <label htmlFor={`${id}-where`}>Where</label>
        <select id={`${id}-where`} className="text-input" value={where} onChange={(event) => setWhere(Number(event.target.value))}>
          {places.map((place, index) => (
            <option key={place.name} value={index}>
              {place.name}
            </option>
          ))}
        </select>
      </div>
      <LabelInputs
        id={id}
        languages={languages}
        labels={labels}
        onChange={setLabels}
        caption={(language, index) => `Label in ${language.name}${index > 0 ? ' (leave empty for a translator: it is flagged)' : ''}`}
        error={errors.label}
      />
      <button type="submit" className="button">
        Add to the menu
      </button>
    </form>
  );
}
