/**
 * A numeric input of the bank form: keeps only digits (typed or pasted), up to its limit, shows them
 * grouped (phone 3-4-4, bank card in fours) and keeps the caret after the same digit while it does.
 */
import { useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { groupForInput, keepDigits, type NumericInputType } from '../form-rules.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'> & {
  inputType: NumericInputType;
  digits: string;
  onDigits: (digits: string) => void;
};

const digitsBefore = (text: string, end: number) => text.slice(0, end).replace(/\D/g, '').length;

export function DigitsInput({ inputType, digits, onDigits, ...rest }: Props) {
  const input = useRef<HTMLInputElement>(null);
  /** Digits before the caret after the last edit; placed again once the grouped text is rendered. */
  const caret = useRef<number | null>(null);
  const shown = groupForInput(digits, inputType);

  useLayoutEffect(() => {
    const el = input.current;
    const wanted = caret.current;
    if (!el || wanted === null || document.activeElement !== el) return;
    caret.current = null;
    let position = 0;
    for (let seen = 0; position < shown.length && seen < wanted; position += 1) if (/\d/.test(shown[position]!)) seen += 1;
    el.setSelectionRange(position, position);
  });

  return (
    <input
      {...rest}
      ref={input}
      type={inputType === 'phone' ? 'tel' : 'text'}
      inputMode="numeric"
      autoComplete="off"
      value={shown}
      onChange={(event) => {
        const raw = event.target.value;
        const end = event.target.selectionStart ?? raw.length;
        let next = keepDigits(raw, inputType);
        let before = digitsBefore(raw, end);
        // Deleting one of the spaces the grouping added deletes the digit before it instead.
        if (next === digits && raw.length < shown.length && before > 0) {
          next = digits.slice(0, before - 1) + digits.slice(before);
          before -= 1;
        }
        caret.current = Math.min(before, next.length);
        onDigits(next);
      }}
    />
  );
}
