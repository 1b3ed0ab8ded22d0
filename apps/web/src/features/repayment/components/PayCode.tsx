/**
 * A pay code with a line-break chance (<wbr>) every 4 characters: with a large system font a
 * 12-digit code that no longer fits one line wraps between groups instead of anywhere. The text is
 * unchanged, for copying and for screen readers.
 */
import { Fragment } from 'react';

export function PayCode({ code }: { code: string }) {
  return (
    <>
      {/* [\s\S], not '.', which skips line terminators (U+2028 in a code from the address would vanish). */}
      {(code.match(/[\s\S]{1,4}/g) ?? []).map((group, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {group}
        </Fragment>
      ))}
    </>
  );
}
