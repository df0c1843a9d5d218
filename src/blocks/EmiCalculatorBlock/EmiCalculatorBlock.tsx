import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BlockOf } from '../../content/blockTypes';
import { calculateEmi, yearlySchedule, type EmiInputs } from '../../lib/emi/emi';
import { EMI_DEFAULTS, inputsFromQuery, parseEmiField, type EmiField as Field } from '../../lib/emi/emiLimits';
import { formatRupees, formatWholeRupees } from '../../lib/formatRupees';
import type { InterfaceWords } from '../../shared/languages';
import { fill } from '../../shared/languages';
import { useLanguage } from '../../shell/useLanguage';
import { Section } from '../shared/Section';
import { useAnswersInAddress } from '../shared/useAnswersInAddress';
import { useHydrated } from '../shared/useHydrated';
import { EmiChart } from './EmiChart';
import { EmiField } from './EmiField';
import { EmiSchedule } from './EmiSchedule';
import './EmiCalculatorBlock.css';

type Drafts = Record<Field, string>;
const draftsOf = (inputs: EmiInputs): Drafts => ({ amount: String(inputs.amount), years: String(inputs.years), rate: String(inputs.rate) });
type Words = InterfaceWords['emi'];

/** The three boxes in the page's language; figures keep Latin digits and Indian grouping in every language. */
function fieldsIn(words: Words): { field: Field; label: string; unit: string; valueText: (value: number) => string }[] {
  return [
    { field: 'amount', label: words.amount, unit: words.amountUnit, valueText: formatWholeRupees },
    {
      field: 'years',
      label: words.years,
      unit: words.yearsUnit,
      valueText: (years) => fill(years === 1 ? words.oneYear : words.manyYears, { count: String(years) }),
    },
    { field: 'rate', label: words.rate, unit: words.rateUnit, valueText: (rate) => `${rate}%` },
  ];
}
const ANNOUNCE_DELAY_MS = 700;

/**
 * The EMI calculator. A shared link opens the same calculation: the query is read once
 * the page has hydrated (the prerendered HTML shows the page's defaults), and the
 * calculator starts afresh from it.
 */
export default function EmiCalculatorBlock({ block }: { block: BlockOf<'emi-calculator'> }) {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  // The address as the page opened: the calculator writes its own figures there as the visitor
  // changes them, and must not start afresh from those.
  const [opened] = useState(() => new URLSearchParams(searchParams));
  const pageDefaults = useMemo(() => ({ ...EMI_DEFAULTS, ...block.defaults }), [block.defaults]);
  const initial = hydrated ? inputsFromQuery(opened, pageDefaults) : pageDefaults;
  // Start afresh only when a link asks for other figures, so nobody loses focus on an ordinary visit.
  const fromLink = (Object.keys(initial) as Field[]).some((field) => initial[field] !== pageDefaults[field]);
  return <EmiCalculator key={fromLink ? 'from-link' : 'defaults'} block={block} initial={initial} />;
}

/**
 * The figures always come from the last valid inputs; a box holding something invalid
 * shows why, and the result is marked as belonging to the last valid figures until it
 * is fixed or the box is left.
 */
function EmiCalculator({ block, initial }: { block: BlockOf<'emi-calculator'>; initial: EmiInputs }) {
  const [values, setValues] = useState<EmiInputs>(initial);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(initial));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [announcement, setAnnouncement] = useState('');
  const words = useLanguage().words.ui.emi;
  const ranges = { amount: words.amountRange, years: words.yearsRange, rate: words.rateRange };
  const changedByVisitor = useRef(false);
  // What was typed and accepted last, as the events happened: leaving a box can come before the
  // render that follows typing in it, so it must not judge by the state that render would bring.
  const typed = useRef<Drafts>(draftsOf(initial));
  const accepted = useRef<EmiInputs>(initial);

  const result = useMemo(() => calculateEmi(values), [values]);
  const schedule = useMemo(() => yearlySchedule(values), [values]);
  const stale = Object.keys(errors).length > 0;

  useAnswersInAddress(values, changedByVisitor);

  useEffect(() => {
    if (!changedByVisitor.current) return;
    const timer = setTimeout(
      () =>
        setAnnouncement(
          fill(words.announcement, {
            emi: formatRupees(result.emi),
            interest: formatRupees(result.totalInterest),
            total: formatRupees(result.totalPayable),
          }),
        ),
      ANNOUNCE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [result, words]);

  const accept = (field: Field, value: number) => {
    changedByVisitor.current = true;
    accepted.current = { ...accepted.current, [field]: value };
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const onType = (field: Field, raw: string) => {
    typed.current = { ...typed.current, [field]: raw };
    setDrafts((current) => ({ ...current, [field]: raw }));
    const parsed = parseEmiField(field, raw, ranges);
    if (parsed.ok) accept(field, parsed.value);
    else setErrors((current) => ({ ...current, [field]: parsed.message }));
  };

  const onLeave = (field: Field) => {
    const parsed = parseEmiField(field, typed.current[field], ranges);
    if (parsed.ok) return;
    const restored = parsed.clamped ?? accepted.current[field];
    accept(field, restored);
    typed.current = { ...typed.current, [field]: String(restored) };
    setDrafts((current) => ({ ...current, [field]: String(restored) }));
  };

  const onSlide = (field: Field, value: number) => {
    typed.current = { ...typed.current, [field]: String(value) };
    accept(field, value);
    setDrafts((current) => ({ ...current, [field]: String(value) }));
  };

  return (
    <Section heading={block.heading ?? words.heading} className="emi">
      <div className="emi__layout">
        <div className="emi__inputs">
          {fieldsIn(words).map(({ field, label, unit, valueText }) => (
            <EmiField
              key={field}
              field={field}
              label={label}
              unit={unit}
              draft={drafts[field]}
              value={values[field]}
              error={errors[field]}
              hint={fill(words.inCalculation, { value: valueText(values[field]) })}
              valueText={valueText}
              onType={(raw) => onType(field, raw)}
              onLeave={() => onLeave(field)}
              onSlide={(value) => onSlide(field, value)}
            />
          ))}
        </div>
        <div className={`emi__results${stale ? ' emi__results--stale' : ''}`}>
          {stale && <p className="emi__stale-note">{words.staleNote}</p>}
          <dl className="emi__outputs">
            <div className="emi__output emi__output--main">
              <dt>{words.monthly}</dt>
              <dd data-testid="emi-monthly">{formatRupees(result.emi)}</dd>
            </div>
            <div className="emi__output">
              <dt>{words.totalInterest}</dt>
              <dd data-testid="emi-interest">{formatRupees(result.totalInterest)}</dd>
            </div>
            <div className="emi__output">
              <dt>{words.totalPayable}</dt>
              <dd data-testid="emi-total">{formatRupees(result.totalPayable)}</dd>
            </div>
          </dl>
          <EmiChart principal={values.amount} interest={result.totalInterest} words={words} />
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <EmiSchedule rows={schedule} words={words} />
      <p className="emi__disclaimer">{words.disclaimer}</p>
    </Section>
  );
}
