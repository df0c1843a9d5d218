import { forwardRef, useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { ContentOutlines, SchemaOutline } from '../../../shared/pageEditor';
import { blockName, placeholderAt, skeletonOf } from '../../../shared/placeholders';
import type { PlainProblem } from '../../../shared/plainProblems';
import { Field, ItemActions } from './Field';
import { FormContextValue, useForm, type FormContext, type PageChoice, type PictureChoice } from './formContext';
import { fieldId } from './formFields';
import { applyFormEdit, FormEditError, readData, type Pointer } from './yamlEdits';
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
      promptAt: (pointer) => (outline === outlines.page ? placeholderAt(outlines, data, pointer.map(String)) : undefined),
      problemsWithin: (prefix) => problems.filter((problem) => within(problem.pointer, prefix)),
    }),
    [form, source, data, outline, outlines, pages, pictures, onChange, problems],
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
    <FormContextValue.Provider value={context}>
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
    </FormContextValue.Provider>
  );
});

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
