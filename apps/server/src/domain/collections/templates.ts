/**
 * The lender's collection templates (docs/collections.md, "Templates"): an admin writes them, the
 * save refuses a threat, an insult or a shaming word (loan-terms/collection-words.ts) and any
 * placeholder the server does not fill; a collector picks one and the server fills it. No other text
 * reaches a borrower from the desk. A filled message opens with the disputed label while the borrower
 * disputes the debt, and an Indian one ends with the grievance officer, both in the template's language.
 */
import { TEMPLATE_PLACEHOLDERS } from '@cashloan/contract';
import type { Market } from '@cashloan/contract';
import type { BorrowerLang } from '@cashloan/contract/i18n';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput } from '../../platform/http/api-error.ts';
import { deniedWordIn } from '../../loan-terms/collection-words.ts';
import { debtLinesIn } from '../../loan-terms/debt-sms-text.ts';
import { saveTemplateRow, templateNamed, findTemplate, type TemplateRow } from './store.ts';

export type TemplateValues = Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string>;

const KIND_WORDS = { threat: 'a threat', insult: 'an insult', shaming: 'shaming (telling others of the debt)' } as const;

/** Why a template's body may not be saved, or null. */
export function templateProblem(body: string): string | null {
  const denied = deniedWordIn(body);
  if (denied) return `body: "${denied.word}" is ${KIND_WORDS[denied.kind]}; collection messages may not use it (SEC MC 18 s2019, RBI recovery conduct).`;
  const unknown = [...body.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!).find((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown !== undefined) return `body: {${unknown}} is not a placeholder the server fills; use ${TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;
  if (/[{}]/.test(body.replace(/\{[a-zA-Z]+\}/g, ''))) return 'body: a brace that does not make a placeholder; write placeholders as {orderNo}.';
  return null;
}

export async function saveTemplate(
  tx: Queryable,
  t: { id?: number | undefined; name: string; market: Market; lang?: BorrowerLang | undefined; body: string; active: boolean; staffId: number; at: Date },
): Promise<{ before: TemplateRow | null; after: TemplateRow }> {
  const problem = templateProblem(t.body) ?? (deniedWordIn(t.name) ? templateProblem(t.name)!.replace('body:', 'name:') : null);
  if (problem) throw invalidInput(problem);
  const before = t.id === undefined ? null : await findTemplate(tx, t.id);
  if (t.id !== undefined && !before) throw invalidInput(`id: template ${t.id} does not exist`);
  const clash = await templateNamed(tx, t.market, t.name);
  if (clash !== null && clash !== t.id) throw invalidInput(`name: the ${t.market} market already has a template named "${t.name}"`);
  // A caller that does not name the language keeps the template's (English for a new one).
  const id = await saveTemplateRow(tx, { ...t, lang: t.lang ?? before?.lang ?? 'en' });
  return { before, after: (await findTemplate(tx, id))! };
}

export interface FilledMessage {
  text: string;
  saysDisputed: boolean;
  namesGrievanceOfficer: boolean;
}

/**
 * The message a template makes for an order: placeholders filled, the disputed label and (India) the
 * grievance officer added in the template's language, put into it as the reminders put theirs
 * (the catalogue's 'server' part). The admin's own words are never translated.
 */
export function fillTemplate(
  body: string,
  values: TemplateValues,
  o: { market: Market; lang: BorrowerLang; disputed: boolean; grievanceOfficer: string },
): FilledMessage {
  const filled = body.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => (name in values ? values[name as keyof TemplateValues] : whole));
  const lines = debtLinesIn(o.lang, o.grievanceOfficer);
  const parts = [o.disputed ? lines.disputed : '', filled, o.market === 'IN' ? lines.grievance : ''].filter((p) => p !== '');
  const text = parts.join(' ');
  return { text, saysDisputed: text.includes(lines.disputed), namesGrievanceOfficer: text.includes(lines.grievance) };
}
