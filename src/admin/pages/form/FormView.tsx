import {
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ContentOutlines, SchemaOutline } from '../../../shared/pageEditor';
import { blockName, skeletonOf } from '../../../shared/placeholders';
import type { PlainProblem } from '../../../shared/plainProblems';
import { fieldId, fits, isLongText, labelOf, typedError, typedValue, withArticle } from './formFields';
import { applyFormEdit, FormEditError, readData, type FormEdit, type Pointer } from './yamlEdits';
import './form.css';

/**
 * The site files a form serves besides pages: those of short, flat entries (the desk's statuses,
 * the privacy notice, house style, a glossary). `_site.yaml` has the menu editor, and the words
 * files and translations are long lists of sentences best read as text.
 */
const FORM_SITE_FILES = new Set(['_desk.yaml', '_privacy.yaml', '_housestyle.yaml', '_glossary.yaml']);

/** Whether the form view serves a file: every page, and the simple site files above in their own language. */
export function hasForm(file: string, page: boolean, translation: boolean): boolean {
  return page || (!translation && FORM_SITE_FILES.has(file.split('/').at(-1)!));
}

/** A page of the site, for a link's choice of target. */
export interface PageChoice {
  route: string;
  title: string;
}

/** A picture of the library, for a picture's choice. */
export interface PictureChoice {
  src: string;
  alt: string;
}

interface FormContext {
  form: string;
  outlines: ContentOutlines;
  pages: readonly PageChoice[];
  pictures: readonly PictureChoice[];
  edit: (change: FormEdit, focus?: string) => void;
  problemsAt: (pointer: Pointer) => PlainProblem[];
  /** Every problem inside a place: a folded section says how many it holds. */
  problemsWithin: (prefix: Pointer) => PlainProblem[];
}

const Context = createContext<FormContext | undefined>(undefined);
const useForm = () => useContext(Context)!;

const same = (a: Pointer, b: readonly string[]) => a.length === b.length && a.every((step, index) => String(step) === b[index]);
const within = (a: readonly string[], prefix: Pointer) => prefix.every((step, index) => String(step) === a[index]);

interface Props {
  source: string;
  outlines: ContentOutlines;
  /** What the file follows: the page's schema (with its blocks as sections) or a site file's. */
  outline: SchemaOutline;
  /** The check's problems of this file, in plain words. */
  problems: readonly PlainProblem[];
  pages: readonly PageChoice[];
  pictures: readonly PictureChoice[];
  onChange: (source: string) => void;
  /** Takes the person to the YAML view (to fix what the form cannot show). */
  onShowText: () => void;
}

/**
 * A page as a form generated from its JSON Schemas: the schema's titles are the labels, its
 * descriptions the hints, its lists have Add, Move and Remove. Every change goes into the same
 * YAML text (yamlEdits), so the YAML view, the autosave, the check and the preview follow it.
 */
export interface FormViewHandle {
  /** Unfolds the place's section and gives its field the focus; false where the form has no field for it. */
  show(pointer: readonly string[]): boolean;
}

export const FormView = forwardRef<FormViewHandle, Props>(function FormView(
  { source, outlines, outline, problems, pages, pictures, onChange, onShowText },
  ref,
) {
  const form = useId().replace(/:/g, '');
  const data = useMemo(() => readData(source), [source]);
  const [failure, setFailure] = useState<string | undefined>();
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  /** The element ids to give the focus to after the next render, the first one found. */
  const focusNext = useRef<string[] | undefined>(undefined);
  const [, setShown] = useState(0);

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current
      .map((id) => document.getElementById(id))
      .find(Boolean)
      ?.focus();
    focusNext.current = undefined;
  });

  const context = useMemo<FormContext>(
    () => ({
      form,
      outlines,
      pages,
      pictures,
      edit(change, focus) {
        try {
          onChange(applyFormEdit(source, change));
          setFailure(undefined);
          focusNext.current = focus ? [focus] : undefined;
        } catch (error) {
          if (!(error instanceof FormEditError)) throw error;
          setFailure(error.message);
        }
      },
      problemsAt: (pointer) => problems.filter((problem) => same(pointer, problem.pointer)),
      problemsWithin: (prefix) => problems.filter((problem) => within(problem.pointer, prefix)),
    }),
    [form, source, outlines, pages, pictures, onChange, problems],
  );

  function show(pointer: readonly string[]): boolean {
    if (pointer.length === 0 || data === undefined) return false;
    const block = pointer[0] === 'blocks' ? Number(pointer[1]) : undefined;
    setFolded((all) => new Set([...all].filter((index) => index !== block)));
    // The deepest place of the pointer that the form shows a field for, once the section is open.
    focusNext.current = Array.from({ length: pointer.length }, (_, depth) => fieldId(form, pointer.slice(0, pointer.length - depth)));
    setShown((count) => count + 1);
    return true;
  }
  useImperativeHandle(ref, () => ({ show }));

  if (data === undefined || typeof data !== 'object' || data === null || Array.isArray(data)) {
    const syntax = problems.find((problem) => problem.where.startsWith('Line '));
    return (
      <div className="desk-notice desk-notice--error">
        <p>The form cannot show this text until it can be read. {syntax?.sentence}</p>
        <button type="button" className="button" onClick={onShowText}>
          Fix it in the YAML view
        </button>
      </div>
    );
  }
  const page = data as Record<string, unknown>;
  const isPage = outline === outlines.page;
  const blocks = Array.isArray(page.blocks) ? (page.blocks as unknown[]) : [];
  const errors = problems.filter((problem) => problem.severity === 'error');

  return (
    <Context.Provider value={context}>
      <div className="page-form">
        {errors.length > 0 && (
          <div className="page-form__summary" aria-labelledby={`${form}-summary`}>
            <h2 id={`${form}-summary`}>
              There {errors.length === 1 ? 'is a problem' : `are ${errors.length} problems`} to fix before publishing
            </h2>
            <ul>
              {errors.map((problem, index) => (
                <li key={index}>
                  <a
                    href={`#${fieldId(form, problem.pointer)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      show(problem.pointer);
                    }}
                  >
                    {problem.where}: {problem.sentence}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div aria-live="polite">{failure && <p className="desk-notice desk-notice--error">{failure}</p>}</div>
        <fieldset className="page-form__group">
          <legend>{isPage ? 'About the page' : (outline.title ?? 'The file')}</legend>
          {!isPage && outline.description && <p className="field-hint">{outline.description}</p>}
          {Object.entries(outline.properties ?? {})
            .filter(([key]) => key !== 'blocks' && key !== 'source')
            .map(([key, child]) => (
              <Field
                key={key}
                pointer={[key]}
                outline={child}
                value={page[key]}
                required={outline.required?.includes(key) ?? false}
                onShowText={onShowText}
              />
            ))}
        </fieldset>
        {isPage && <Sections blocks={blocks} folded={folded} setFolded={setFolded} onShowText={onShowText} />}
      </div>
    </Context.Provider>
  );
});

function Problems({ problems, id }: { problems: readonly PlainProblem[]; id: string }) {
  if (problems.length === 0) return null;
  return (
    <p id={id} className={problems.some((problem) => problem.severity === 'error') ? 'field-error' : 'field-warning'}>
      {problems.map((problem, index) => (
        <span key={index}>
          <span className="visually-hidden">{problem.severity === 'error' ? 'Error' : 'Warning'}: </span>
          {problem.sentence}{' '}
        </span>
      ))}
    </p>
  );
}

interface FieldProps {
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
function Field(props: FieldProps) {
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

/** A text, a number, a date, a choice or a switch: checked as the person types, written to the YAML as they go. */
function ScalarField({ pointer, outline, value, required, label, actions }: FieldProps & { label: string }) {
  const { form, edit, problemsAt, pages } = useForm();
  const id = fieldId(form, pointer);
  const written = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  // What is typed is kept while the field has the focus: "12a" or a space at the end stay on screen.
  const [typed, setTyped] = useState<string | undefined>();
  const shown = typed ?? written;
  const typingError = typed === undefined ? undefined : typedError(outline, label, typed, required);
  const problems = problemsAt(pointer);
  const hasError = Boolean(typingError) || problems.some((problem) => problem.severity === 'error');
  const hint = outline.description && outline.description !== outline.title ? outline.description : undefined;
  const count = outline.maxLength && outline.type === 'string' ? `Up to ${outline.maxLength} characters; ${shown.trim().length} now.` : '';
  const describedBy = [hint || count ? `${id}-hint` : '', typingError ? `${id}-typing` : '', problems.length ? `${id}-problems` : '']
    .filter(Boolean)
    .join(' ');

  function change(text: string) {
    setTyped(text);
    if (typedError(outline, label, text, required) && (outline.type === 'integer' || outline.type === 'number')) return;
    const next = typedValue(outline, text);
    if (next === '' && !required) {
      if (value !== undefined) edit({ kind: 'remove', at: pointer });
    } else if (next !== value) edit({ kind: 'set', at: pointer, value: next });
  }

  const common = {
    id,
    className: 'text-input',
    value: shown,
    onFocus: () => setTyped(shown),
    onBlur: () => setTyped(undefined),
    'aria-invalid': hasError || undefined,
    'aria-describedby': describedBy || undefined,
  };
  let control: ReactNode;
  if (outline.type === 'boolean') {
    control = (
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-describedby={describedBy || undefined}
        onChange={(event) => edit({ kind: 'set', at: pointer, value: event.target.checked })}
      />
    );
  } else if (outline.values || outline.names === 'page') {
    const choices = outline.values
      ? outline.values.map((choice) => ({ value: choice, label: choice }))
      : pages.map((page) => ({ value: page.route, label: `${page.title} (${page.route})` }));
    if (written && !choices.some((choice) => choice.value === written)) choices.unshift({ value: written, label: written });
    control = (
      <select {...common} onChange={(event) => change(event.target.value)}>
        {(!required || !written) && <option value="">{outline.names === 'page' ? 'Choose a page' : 'None'}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else if (isLongText(outline)) {
    control = (
      <textarea
        {...common}
        rows={Math.min(8, Math.max(3, Math.ceil(shown.length / 60)))}
        onChange={(event) => change(event.target.value)}
      />
    );
  } else {
    const numeric = outline.type === 'integer' || outline.type === 'number';
    control = (
      <input
        {...common}
        type={outline.format === 'date' ? 'date' : 'text'}
        {...(numeric && { inputMode: outline.type === 'integer' ? ('numeric' as const) : ('decimal' as const) })}
        spellCheck={outline.names === 'icon' || numeric ? false : undefined}
        onChange={(event) => change(event.target.value)}
      />
    );
  }
  return (
    <div className={`desk-form__group${hasError ? ' page-form__group--error' : ''}`}>
      <label htmlFor={id} className={outline.type === 'boolean' ? 'page-form__check' : undefined}>
        {outline.type === 'boolean' && control}
        {label}
        {!required && outline.type !== 'boolean' && <span className="page-form__optional"> (optional)</span>}
      </label>
      {(hint || count) && (
        <p id={`${id}-hint`} className="field-hint">
          {hint} {count}
        </p>
      )}
      {typingError && (
        <p id={`${id}-typing`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {typingError}
        </p>
      )}
      <Problems problems={problems} id={`${id}-problems`} />
      {outline.type !== 'boolean' && control}
      {actions}
    </div>
  );
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

function ItemActions({
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

/** The page's sections (blocks), each folded or open, moved and removed, and a new one added from the blocks' list. */
function Sections({
  blocks,
  folded,
  setFolded,
  onShowText,
}: {
  blocks: readonly unknown[];
  folded: ReadonlySet<number>;
  setFolded: (next: ReadonlySet<number>) => void;
  onShowText: () => void;
}) {
  const { form, outlines, edit, problemsWithin } = useForm();
  const [chosen, setChosen] = useState(outlines.blocks.find((block) => block.type === 'text')?.type ?? outlines.blocks[0]?.type ?? '');
  const chosenBlock = outlines.blocks.find((block) => block.type === chosen);
  const toggle = (index: number) => setFolded(new Set(folded.has(index) ? [...folded].filter((at) => at !== index) : [...folded, index]));
  return (
    <section className="page-form__sections" aria-labelledby={`${form}-sections`}>
      <h2 id={`${form}-sections`}>Sections of the page</h2>
      {blocks.map((block, index) => {
        const kind = (block as { type?: unknown } | null)?.type;
        const type = typeof kind === 'string' ? kind : '';
        const entry = outlines.blocks.find((candidate) => candidate.type === type);
        const name = `${blockName(entry?.outline, type || 'section')} (section ${index + 1})`;
        const open = !folded.has(index);
        const count = problemsWithin(['blocks', index]).length;
        const at = ['blocks', index];
        return (
          <section key={index} className="page-form__block" aria-labelledby={`${fieldId(form, at)}__name`}>
            <h3 id={`${fieldId(form, at)}__heading`} className="page-form__block-heading">
              <button
                type="button"
                id={`${fieldId(form, at)}__fold`}
                aria-expanded={open}
                onClick={() => toggle(index)}
                className="page-form__fold"
              >
                <span id={`${fieldId(form, at)}__name`}>{name}</span>
                {count > 0 && (
                  <>
                    {' '}
                    <span className="page-form__count">· {count === 1 ? '1 problem' : `${count} problems`}</span>
                  </>
                )}
              </button>
            </h3>
            {open &&
              (entry ? (
                <>
                  {entry.description && <p className="field-hint">{entry.description}</p>}
                  <BlockFields at={at} outline={entry.outline} value={block} onShowText={onShowText} />
                </>
              ) : (
                <p className="field-error">
                  “{type}” is not a kind of section.{' '}
                  <button type="button" className="admin-form__link" onClick={onShowText}>
                    Fix it in the YAML view
                  </button>
                </p>
              ))}
            <ItemActions
              list={['blocks']}
              index={index}
              count={blocks.length}
              name={`section ${index + 1}`}
              canRemove={blocks.length > 1}
              afterRemove={`${form}-add-section`}
            />
          </section>
        );
      })}
      <div className="desk-form__group page-form__add">
        <label htmlFor={`${form}-kind`}>Kind of section to add</label>
        <p id={`${form}-kind-hint`} className="field-hint">
          {chosenBlock?.description}
        </p>
        <select
          id={`${form}-kind`}
          className="text-input"
          value={chosen}
          aria-describedby={`${form}-kind-hint`}
          onChange={(event) => setChosen(event.target.value)}
        >
          {outlines.blocks.map((block) => (
            <option key={block.type} value={block.type}>
              {blockName(block.outline, block.type)}
            </option>
          ))}
        </select>
        <button
          type="button"
          id={`${form}-add-section`}
          className="button button--ghost"
          onClick={() => {
            if (!chosenBlock) return;
            const name = blockName(chosenBlock.outline, chosen);
            const value = { type: chosen, ...(skeletonOf(chosenBlock.outline, name) as Record<string, unknown>) };
            edit({ kind: 'add-item', list: ['blocks'], item: value }, `${fieldId(form, ['blocks', blocks.length])}__fold`);
          }}
        >
          Add the section at the end
        </button>
      </div>
    </section>
  );
}

/** A block's own fields, its type aside (the section's heading names it). */
function BlockFields({ at, outline, value, onShowText }: { at: Pointer; outline: SchemaOutline; value: unknown; onShowText: () => void }) {
  const object = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      {Object.entries(outline.properties ?? {})
        .filter(([key]) => key !== 'type')
        .map(([key, child]) => (
          <Field
            key={key}
            pointer={[...at, key]}
            outline={child}
            value={object[key]}
            required={outline.required?.includes(key) ?? false}
            onShowText={onShowText}
          />
        ))}
    </>
  );
}
