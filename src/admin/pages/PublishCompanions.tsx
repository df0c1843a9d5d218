import { useId } from 'react';
import { Link } from 'react-router-dom';
import { editorPath, type Companion } from './pagesApi';

/**
 * The same file's drafts in the other languages, to tick and publish in the same step: a change
 * of shape, such as a new menu entry, has to reach every language at once, or the check refuses it.
 */
export function PublishCompanions({
  companions,
  chosen,
  onChange,
}: {
  companions: readonly Companion[];
  chosen: readonly string[];
  onChange: (files: string[]) => void;
}) {
  const id = useId();
  if (companions.length === 0) return null;
  return (
    <fieldset className="pages-companions" aria-describedby={`${id}-hint`}>
      <legend>Publish together with</legend>
      <p id={`${id}-hint`} className="field-hint">
        Drafts of this file in other languages. Tick those that go live with this one: the check and preview take them into account.
      </p>
      {companions.map((companion) => (
        <div key={companion.file} className="pages-companions__file">
          <input
            id={`${id}-${companion.file}`}
            type="checkbox"
            checked={chosen.includes(companion.file)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, companion.file] : chosen.filter((file) => file !== companion.file))
            }
          />
          <label htmlFor={`${id}-${companion.file}`}>
            {companion.file}, draft saved by {companion.by} on {new Date(companion.at).toLocaleString('en-IN')}
          </label>{' '}
          <Link to={editorPath(companion.file)}>Open {companion.file}</Link>
        </div>
      ))}
    </fieldset>
  );
}
