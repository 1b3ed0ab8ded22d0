/**
 * antd's styles as the tests use them. jsdom works out an element's computed style by matching it
 * against every rule on the page, and antd injects about 2,500: one getComputedStyle cost 50-100 ms
 * of CPU on an idle machine, and Testing Library (ByRole: is it hidden? its name) and user-event
 * (pointer-events) ask it for each element they look at and its ancestors, again after every change
 * to the DOM. A screen test cost 5-10 s of CPU, so a loaded machine pushed it past its time-out.
 *
 * This keeps, in each of antd's rules, only the declarations those checks read (display and
 * visibility: hidden or not; pointer-events: clickable or not; opacity: toBeVisible), in the same
 * order, so jsdom, which orders rules by position only, computes the same values for them (checked
 * element by element on the list, form, dialog and select screens). About 460 rules are left;
 * layout, colours, transitions, keyframes and CSS variables, which jsdom does not use, are not.
 */
import type { CSSObject, Transformer } from '@ant-design/cssinjs';

const READ_BY_TESTS = new Set(['display', 'visibility', 'pointer-events', 'opacity']);
const kebab = (key: string) => key.trim().replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** An object that is one property's value (cssinjs's several values, or a keyframes reference), not a nested rule. */
const isPropertyValue = (value: object) => '_multi_value_' in value || '_skip_check_' in value || '_keyframe' in value;

export const onlyWhatTestsRead: Transformer = {
  visit: (css: CSSObject) => {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(css)) {
      const nestedRule = typeof value === 'object' && value !== null && !isPropertyValue(value);
      if (nestedRule || READ_BY_TESTS.has(kebab(key))) kept[key] = value;
    }
    return kept as CSSObject;
  },
};
