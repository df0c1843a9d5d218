import type { Typing } from '../../content/page.generated';
import { useTypedCount } from './useTypedCount';
import './TypedText.css';

/**
 * Text typed out one character at a time. The untyped part is laid out but invisible,
 * so nothing shifts as it types; screen readers read the hidden copy, whole, at once.
 */
export function TypedText({ typing }: { typing: Typing }) {
  const { text, stopAt, msPerChar = 100, startDelayMs = 0 } = typing;
  const count = useTypedCount(stopAt, msPerChar, startDelayMs);
  const done = count >= stopAt;
  return (
    <span className="typed" data-typed={done ? 'done' : 'typing'}>
      <span className="visually-hidden">{text}</span>
      <span className="typed__visual" aria-hidden="true">
        <span className="typed__shown">{text.slice(0, count)}</span>
        {!done && <span className="typed__caret" />}
        <span className="typed__pending">{text.slice(count, stopAt)}</span>
        <span className={done ? undefined : 'typed__pending'}>{text.slice(stopAt)}</span>
      </span>
    </span>
  );
}
