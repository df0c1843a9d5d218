// The form's fields by the kind the schema gives each value (a group, a picture, a list, or one
// value in ScalarField.tsx), each drawing its children with Field: the recursive part of the form.
import type { ReactNode } from 'react';
import type { SchemaOutline } from '../../../shared/pageEditor';
import { skeletonOf } from '../../../shared/placeholders';
import { fieldId, fits, labelOf, withArticle } from './formFields';
import { useForm } from './formContext';
import { Problems } from './Problems';
import { ScalarField } from './ScalarField';
import type { Pointer } from './yamlEdits';

export interface FieldProps {
  pointer: Pointer;
  outline: SchemaOutline;
  value: unknown;
  required: boolean;
  /** The label where the schema's title is not the right one (an item of a list: "Paragraph 2"). */
  label?: string;
  onShowText: () => void;
  /** Buttons that go with the field (an item's Move and Remove). */
  actions?: ReactNode;
}

/** One value of the page as the form shows it, by the kind the schema gives it. */
export function Field(props: FieldProps) {
  const { outline, value, pointer } = props;
  const { form } = useForm();
  const label = props.label ?? labelOf(outline, pointer.at(-1)!);
  if (!fits(outline, value)) {
    return (
      <div className="desk-form__group">
        <p className="page-form__label">{label}</p>
        <p className="field-error" id={fieldId(form, pointer)} tabIndex={-1}>
          This is not written as the form expects it here.{' '}
          <button type="button" className="admin-form__link" onClick={props.onShowText}>
            Fix it in the YAML view
          </button>
        </p>
      </div>
    );
  }
  if (outline.type === 'array' || (outline.items && !outline.properties)) return <ListField {...props} label={label} />;
  if (outline.type === 'object' || outline.properties) {
    if (outline.properties?.src?.names === 'picture') return <PictureField {...props} label={label} />;
    return <SectionField {...props} label={label} />;
  }
  return <ScalarField {...props} label={label} />;
}

/** A group of fields (a link, a motto): optional ones are added and removed whole. */
function SectionField({ pointer, outline, value, required, label, onShowText, actions }: FieldProps & { label: string }) {
  const { form, edit, problemsAt } = useForm();
  const id = fieldId(form, pointer);
  const present = value !== undefined && value !== null;
  const object = (value ?? {}) as Record<string, unknown>;
  const owner = outline.title ?? label;
  if (!present) {
    return (
      <div className="desk-form__group">
        <button
          type="button"
          id={id}
          className="button button--ghost"
          onClick={() =>
            edit(
              { kind: 'set', at: pointer, value: skeletonOf(outline, owner) as Record<string, unknown> },
              fieldId(form, [...pointer, (outline.required ?? [])[0] ?? '']),
            )
          }
        >
          Add {withArticle(label)}
        </button>
      </div>
    );
  }
  return (
    <fieldset className="page-form__group" id={id} tabIndex={-1}>
      <legend>{label}</legend>
      <Problems problems={problemsAt(pointer)} id={`${id}-problems`} />
      {Object.entries(outline.properties ?? {})
        .filter(([key, child]) => key !== 'type' || !child.values || child.values.length > 1)
        .map(([key, child]) => (
          <Field
            key={key}
            pointer={[...pointer, key]}
            outline={child}
            value={object[key]}
            required={outline.required?.includes(key) ?? false}
            onShowText={onShowText}
          />
        ))}
      {!required && (
        <button type="button" className="button button--ghost" onClick={() => edit({ kind: 'remove', at: pointer }, undefined)}>
          Remove the {label.toLowerCase()}
        </button>
      )}
      {actions}
    </fieldset>
  );
}

/** A picture: chosen from the picture library (upload new ones under Pictures), with its alt text. */
function PictureField({ pointer, outline, value, required, label, onShowText, actions }: FieldProps & { label: string }) {
  const { form, edit, pictures, problemsAt } = useForm();
  const id = fieldId(form, pointer);
  const picture = value as { src?: string; alt?: string } | undefined;
  const choices = [...pictures];
  if (picture?.src && !choices.some((choice) => choice.src === picture.src)) choices.unshift({ src: picture.src, alt: picture.alt ?? '' });
  const alt = outline.properties?.alt;
  return (
    <fieldset className="page-form__group">
      <legend>{label}</legend>
      <div className="desk-form__group">
        <label htmlFor={`${id}-src`}>Picture from the library</label>
        <p id={`${id}-src-hint`} className="field-hint">
          Upload a new picture under Pictures below; it is listed here once uploaded.
        </p>
        <Problems problems={[...problemsAt(pointer), ...problemsAt([...pointer, 'src'])]} id={`${id}-problems`} />
        <select
          id={`${id}-src`}
          className="text-input"
          value={picture?.src ?? ''}
          aria-describedby={`${id}-src-hint`}
          onChange={(event) => {
            const chosen = choices.find((choice) => choice.src === event.target.value);
            if (!chosen) return required ? undefined : edit({ kind: 'remove', at: pointer });
            if (picture) edit({ kind: 'set', at: [...pointer, 'src'], value: chosen.src });
            else edit({ kind: 'set', at: pointer, value: { src: chosen.src, alt: chosen.alt } });
          }}
        >
          {(!required || !picture) && <option value="">No picture</option>}
          {choices.map((choice) => (
            <option key={choice.src} value={choice.src}>
              {choice.src.replace(/^images\//, '')}
              {choice.alt ? `: ${choice.alt}` : ''}
            </option>
          ))}
        </select>
      </div>
      {picture && alt && <Field pointer={[...pointer, 'alt']} outline={alt} value={picture.alt} required onShowText={onShowText} />}
      {actions}
    </fieldset>
  );
}

/** A list: cards, questions, steps, points. Each item has Move up, Move down and Remove; the list has Add a card. */
function ListField({ pointer, outline, value, required, label, onShowText, actions }: FieldProps & { label: string }) {
  const { form, edit, problemsAt } = useForm();
  const id = fieldId(form, pointer);
  const items: unknown[] = Array.isArray(value) ? (value as unknown[]) : [];
  const item = outline.items ?? {};
  const name = item.title ?? 'Item';
  const fewest = outline.minItems ?? (required ? 1 : 0);
  const itemOwner = item.type === 'object' || item.properties ? name : (outline.title ?? label);
  const add = () =>
    edit(
      { kind: 'add-item', list: pointer, item: skeletonOf(item, itemOwner, name) },
      fieldId(form, [...pointer, items.length, ...(item.type === 'object' ? [(item.required ?? [])[0] ?? ''] : [])]),
    );
  return (
    <fieldset className="page-form__group page-form__list" id={id} tabIndex={-1}>
      <legend>{label}</legend>
      {outline.description && <p className="field-hint">{outline.description}</p>}
      <Problems problems={problemsAt(pointer)} id={`${id}-problems`} />
      {items.map((entry, index) => {
        const at = [...pointer, index];
        const itemName = `${name} ${index + 1}`;
        const buttons = (
          <ItemActions
            list={pointer}
            index={index}
            count={items.length}
            name={itemName}
            canRemove={items.length > fewest}
            afterRemove={`${id}-add`}
          />
        );
        return (
          <div key={index} className="page-form__item">
            <Field pointer={at} outline={item} value={entry} required label={itemName} onShowText={onShowText} actions={buttons} />
          </div>
        );
      })}
      {(outline.maxItems === undefined || items.length < outline.maxItems) && (
        <button type="button" id={`${id}-add`} className="button button--ghost" onClick={add}>
          Add {withArticle(name)}
        </button>
      )}
      {actions}
    </fieldset>
  );
}

export function ItemActions({
  list,
  index,
  count,
  name,
  canRemove,
  afterRemove,
}: {
  list: Pointer;
  index: number;
  count: number;
  name: string;
  canRemove: boolean;
  afterRemove: string;
}) {
  const { form, edit } = useForm();
  const button = (at: number, what: string) => `${fieldId(form, [...list, at])}-${what}`;
  return (
    <div className="page-form__actions">
      {index > 0 && (
        <button
          type="button"
          id={button(index, 'up')}
          className="button button--ghost"
          onClick={() =>
            edit({ kind: 'move-item', list, index, by: -1 }, index - 1 > 0 ? button(index - 1, 'up') : button(index - 1, 'down'))
          }
        >
          Move {name.toLowerCase()} up
        </button>
      )}
      {index < count - 1 && (
        <button
          type="button"
          id={button(index, 'down')}
          className="button button--ghost"
          onClick={() =>
            edit({ kind: 'move-item', list, index, by: 1 }, index + 1 < count - 1 ? button(index + 1, 'down') : button(index + 1, 'up'))
          }
        >
          Move {name.toLowerCase()} down
        </button>
      )}
      {canRemove && (
        <button type="button" className="button button--ghost" onClick={() => edit({ kind: 'remove-item', list, index }, afterRemove)}>
          Remove {name.toLowerCase()}
        </button>
      )}
    </div>
  );
}
