import { useId, type ChangeEvent } from 'react';
import { EMI_LIMITS, type EmiField as Field } from '../../lib/emi/emiLimits';

interface Props {
  field: Field;
  label: string;
  unit: string;
  draft: string;
  value: number;
  error?: string;
  hint: string;
  valueText: (value: number) => string;
  onType: (raw: string) => void;
  onLeave: () => void;
  onSlide: (value: number) => void;
}

/** One input as a number box and a slider bound to the same value, sharing one visible label. */
export function EmiField({ field, label, unit, draft, value, error, hint, valueText, onType, onLeave, onSlide }: Props) {
  const { min, max, step } = EMI_LIMITS[field];
  const base = useId();
  const ids = { label: `${base}-label`, box: `${base}-box`, hint: `${base}-hint`, error: `${base}-error` };
  return (
    <div className="emi-field">
      <label id={ids.label} htmlFor={ids.box} className="emi-field__label">
        {label} <span className="emi-field__unit">({unit})</span>
      </label>
      <p id={ids.hint} className="field-hint">
        {hint}
      </p>
      {error && (
        <p id={ids.error} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <input
        id={ids.box}
        className="text-input emi-field__box"
        type="text"
        inputMode={field === 'rate' ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onType(event.target.value)}
        onBlur={onLeave}
      />
      <input
        className="emi-field__slider"
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-labelledby={ids.label}
        aria-valuetext={valueText(value)}
        onChange={(event) => onSlide(Number(event.target.value))}
      />
      <div className="emi-field__scale" aria-hidden="true">
        <span>{valueText(min)}</span>
        <span>{valueText(max)}</span>
      </div>
    </div>
  );
}
