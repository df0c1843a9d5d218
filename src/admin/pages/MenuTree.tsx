import type { ListPath, MenuEdit, MenuEntry, MenuList } from './menuEdits';
import { LabelsForm, MoveTo, type Language, type Place } from './MenuForms';

/** What every entry of the tree can do, from the panel that holds the files. */
export interface MenuActions {
  languages: readonly Language[];
  places: readonly Place[];
  /** The entry or column whose labels are being written, by its key. */
  renaming: string | undefined;
  setRenaming: (key: string | undefined) => void;
  /**
   * Makes the change in every language; `focusAfter` names (by data-focus) the controls to focus
   * afterwards, the first that is still there (Move up is gone once an entry reaches the top).
   */
  change: (edit: MenuEdit, done: string, focusAfter?: readonly string[]) => void;
  setFocus: (key: string) => void;
}

export const pathKey = (path: ListPath) => path.join('.');

/** A list of the menu (the top menu, a column, a sub-menu or the footer) as nested, ordered lists of entries. */
export function MenuListView({ list, label, actions }: { list: MenuList; label: string; actions: MenuActions }) {
  return (
    <ol className="pages-menu__list" aria-label={label}>
      {list.entries.map((entry, index) => (
        <EntryView key={`${pathKey(list.path)}.${index}`} list={list} index={index} entry={entry} label={label} actions={actions} />
      ))}
    </ol>
  );
}

function EntryView({
  list,
  index,
  entry,
  label,
  actions,
}: {
  list: MenuList;
  index: number;
  entry: MenuEntry;
  label: string;
  actions: MenuActions;
}) {
  const { languages, places, renaming, setRenaming, change, setFocus } = actions;
  const here = `${pathKey(list.path)}.${index}`;
  const name = entry.label;
  const inColumn = places.find((place) => pathKey(place.path) === pathKey(list.path))?.column ?? false;
  const columns = places.filter((place) => place.column && pathKey(place.path) !== pathKey(list.path));
  const named = <span className="visually-hidden"> {name}</span>;
  const flagged = languages.filter((language) => entry.needsLabel.includes(language.code)).map((language) => language.name);
  const move = (by: -1 | 1, word: string) =>
    change({ kind: 'move', list: list.path, index, by }, `Moved ${name} ${word}.`, [
      `${word} ${name}`,
      `${by < 0 ? 'down' : 'up'} ${name}`,
      `rename ${pathKey(list.path)}.${index + by}`,
    ]);
  return (
    <li className="pages-menu__entry">
      <span className="pages-menu__label">{name}</span> {entry.to && <code>{entry.to}</code>}
      {flagged.length > 0 && <strong className="pages-menu__flag"> Needs its label in {flagged.join(', ')}</strong>}
      <div className="pages-menu__actions">
        {index > 0 && (
          <button type="button" className="button button--ghost" data-focus={`up ${name}`} onClick={() => move(-1, 'up')}>
            Move up{named}
          </button>
        )}
        {index < list.entries.length - 1 && (
          <button type="button" className="button button--ghost" data-focus={`down ${name}`} onClick={() => move(1, 'down')}>
            Move down{named}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          data-focus={`rename ${here}`}
          aria-expanded={renaming === here}
          onClick={() => setRenaming(renaming === here ? undefined : here)}
        >
          Rename{named}
        </button>
        {list.entries.length > 1 && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => change({ kind: 'remove', list: list.path, index }, `Removed ${name} from ${label}.`)}
          >
            Remove{named}
          </button>
        )}
        {inColumn && columns.length > 0 && (
          <MoveTo
            name={name}
            columns={columns}
            onMove={(place) => change({ kind: 'move-to', list: list.path, index, to: place.path }, `Moved ${name} to ${place.name}.`)}
          />
        )}
      </div>
      {renaming === here && (
        <LabelsForm
          legend={`New label for ${name}`}
          languages={languages}
          initial={entry.labels}
          submit="Save the labels"
          onCancel={() => {
            setRenaming(undefined);
            setFocus(`rename ${here}`);
          }}
          onSubmit={(labels) => {
            setRenaming(undefined);
            change({ kind: 'rename', list: list.path, index, labels }, `Renamed ${name}.`, [`rename ${here}`]);
          }}
        />
      )}
      {entry.columns && (
        <div className="pages-menu__columns">
          {entry.columns.map((column, at) => (
            <ColumnView key={pathKey(column.path)} column={column} index={at} owner={name} actions={actions} />
          ))}
        </div>
      )}
      {entry.items && <MenuListView list={entry.items} label={`${label} › ${name}`} actions={actions} />}
    </li>
  );
}

/** A column of a dropdown: its heading, which can be renamed, and its entries. */
function ColumnView({ column, index, owner, actions }: { column: MenuList; index: number; owner: string; actions: MenuActions }) {
  const { languages, renaming, setRenaming, change, setFocus } = actions;
  const here = `column ${pathKey(column.path)}`;
  const heading = column.heading!;
  return (
    <div className="pages-menu__column">
      <p className="pages-menu__heading">
        {heading}{' '}
        <button
          type="button"
          className="button button--ghost"
          data-focus={here}
          aria-expanded={renaming === here}
          onClick={() => setRenaming(renaming === here ? undefined : here)}
        >
          Rename column<span className="visually-hidden"> {heading}</span>
        </button>
      </p>
      {renaming === here && (
        <LabelsForm
          legend={`New heading for ${heading}`}
          languages={languages}
          initial={column.headings ?? {}}
          submit="Save the headings"
          onCancel={() => {
            setRenaming(undefined);
            setFocus(here);
          }}
          onSubmit={(labels) => {
            setRenaming(undefined);
            change({ kind: 'rename', list: column.path.slice(0, -2), index, labels }, `Renamed the column ${heading}.`, [here]);
          }}
        />
      )}
      <MenuListView list={column} label={`${owner} › ${heading}`} actions={actions} />
    </div>
  );
}
