// What every field of the form reads (its id, choices, edit and problems): kept apart so the fields'
// modules read it without importing the form that provides it.
import { createContext, useContext } from 'react';
import type { ContentOutlines } from '../../../shared/pageEditor';
import type { PlainProblem } from '../../../shared/plainProblems';
import type { FormEdit, Pointer } from './yamlEdits';

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

/** The form's id, its choices, its edit and its problems, as every field of it reads them. */
export interface FormContext {
  form: string;
  outlines: ContentOutlines;
  pages: readonly PageChoice[];
  pictures: readonly PictureChoice[];
  edit: (change: FormEdit, focus?: string) => void;
  problemsAt: (pointer: Pointer) => PlainProblem[];
  /** What goes in a text of a page ("Write the card’s title"): its empty field's placeholder. */
  promptAt: (pointer: Pointer) => string | undefined;
  /** Every problem inside a place: a folded section says how many it holds. */
  problemsWithin: (prefix: Pointer) => PlainProblem[];
}

export const FormContextValue = createContext<FormContext | undefined>(undefined);
export const useForm = () => useContext(FormContextValue)!;
