// A question answered by one of a few choices: a fieldset whose legend is the question, its message above the
// choices (GOV.UK style) and tied to the group, each choice a 44 px target.
import { ErrorText } from '@/ui/field';

type Props<K extends string> = {
  id: string;
  legend: string;
  options: Record<K, string>;
  value: K | '';
  error?: string;
  onValue: (value: K) => void;
};

export function RadioGroup<K extends string>({ id, legend, options, value, error, onValue }: Props<K>) {
  const keys = Object.keys(options) as K[];
  return (
    <fieldset className={error ? 'choices field--error' : 'choices'} {...(error ? { 'aria-describedby': `${id}-error` } : {})}>
      <legend className="field__label">{legend}</legend>
      <ErrorText id={`${id}-error`} error={error} />
      {keys.map((key) => (
        <label key={key} className="choice" htmlFor={`${id}-${key}`}>
          <input
            id={`${id}-${key}`}
            type="radio"
            name={id}
            value={key}
            checked={value === key}
            onChange={() => onValue(key)}
            {...(error ? { 'aria-invalid': true } : {})}
          />
          <span>{options[key]}</span>
        </label>
      ))}
    </fieldset>
  );
}
