import type { ReactNode } from 'react';

/** An interface text with its {places} filled by words or elements, such as a link or a <time>. */
export function fillParts(text: string, values: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{[a-zA-Z]+\})/).map((part, index) => {
    const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
    return name && name in values ? <span key={index}>{values[name]}</span> : part || null;
  });
}
